import { HOUR_MS, type Periodic } from '../../lib/periodic-job.ts';
import type { FileStorage } from './file-storage.ts';

/**
 * Once an hour, removes what uploads cut off by a killed process left in the storage's incoming area
 * (issue 37), once it is an hour old: an upload still under way is never that old when it is swept,
 * since its content is copied into place as soon as it is whole. Every instance runs it; removing twice
 * is harmless.
 */
export class IncomingSweep implements Periodic {
  readonly everyMs = HOUR_MS;

  constructor(private readonly storage: FileStorage) {}

  /** One sweep, of what was staged over an hour before `now`; answers how many it removed. */
  runOnce(now = new Date()): Promise<number> {
    return this.storage.sweepIncoming(new Date(now.getTime() - HOUR_MS));
  }
}
