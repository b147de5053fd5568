import type { Db } from '../../db/client.ts';
import { MINUTE_MS, type Periodic } from '../../lib/periodic-job.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import { queueDigests } from './digests.ts';
import { writeReminders } from './reminders.ts';

/**
 * The periodic side of notifications, on every instance: each minute, the due reminders and, from the
 * digest hour, the day's digests. Both are safe to run on several instances at once (see each).
 */
export class NotificationSchedule implements Periodic {
  readonly everyMs = MINUTE_MS;

  constructor(
    private readonly db: Db,
    private readonly announcer: ChangeAnnouncer,
    private readonly digestHour: number,
  ) {}

  async runOnce(now = new Date()): Promise<{ reminders: number; digests: number }> {
    const reminders = await writeReminders(this.db, this.announcer, now);
    const digests = await queueDigests(this.db, now, this.digestHour);
    return { reminders, digests };
  }
}
