import type { Db } from '../../db/client.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import { queueDigests } from './digests.ts';
import { writeReminders } from './reminders.ts';

const MINUTE_MS = 60_000;

/**
 * The periodic side of notifications, on every instance: each minute, the due reminders and, from the
 * digest hour, the day's digests. Both are safe to run on several instances at once (see each).
 */
export class NotificationSchedule {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly announcer: ChangeAnnouncer,
    private readonly digestHour: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(new Date()).catch(this.onError), MINUTE_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async runOnce(now: Date): Promise<{ reminders: number; digests: number }> {
    const reminders = await writeReminders(this.db, this.announcer, now);
    const digests = await queueDigests(this.db, now, this.digestHour);
    return { reminders, digests };
  }
}
