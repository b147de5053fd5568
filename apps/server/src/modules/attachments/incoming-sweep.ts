import type { FileStorage } from './file-storage.ts';

const HOUR_MS = 3_600_000;

/**
 * Once an hour, removes what uploads cut off by a killed process left in the storage's incoming area
 * (issue 37), once it is an hour old: an upload still under way is never that old when it is swept,
 * since its content is copied into place as soon as it is whole. Every instance runs it; removing twice
 * is harmless.
 */
export class IncomingSweep {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly storage: FileStorage,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce().catch(this.onError), HOUR_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** One sweep, of what was staged over an hour before `now`; answers how many it removed. */
  runOnce(now = new Date()): Promise<number> {
    return this.storage.sweepIncoming(new Date(now.getTime() - HOUR_MS));
  }
}
