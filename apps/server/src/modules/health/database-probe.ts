import type { Database } from '../../db/client.ts';
import { databaseVersion } from '../../db/migrate.ts';

const PROBE_EVERY_MS = 5_000;

/**
 * Checks the database in the background. The health route reads the last result instead of querying,
 * so it stays fast and honest even while the database is saturated.
 */
export class DatabaseProbe {
  version = 'unknown';
  reachable = false;
  checkedAt = new Date(0);
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), PROBE_EVERY_MS);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    try {
      this.version = await databaseVersion(this.database.db);
      this.reachable = true;
    } catch {
      this.reachable = false;
    }
    this.checkedAt = new Date();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
