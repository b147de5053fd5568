import type pg from 'pg';

/**
 * PGlite has no autovacuum: without one, dead rows pile up and the planner's statistics go stale
 * (index-only counts, such as the dashboard's overdue count, then read the whole heap). This is a small
 * one, run from the HTTP thread as an ordinary client of the pool.
 *
 * Why through the pool and not inside the worker: the worker used to run `VACUUM` inside
 * `db.runExclusive`, and both take PGlite's one non-reentrant query mutex, so the first vacuum
 * deadlocked the database for good (issue 9). Queued on the pool like any request, a vacuum can only
 * start between two of the server's transactions (the pool hands its single connection out whole),
 * never waits on itself, and each table is its own statement, so requests run between tables instead
 * of waiting for the whole pass. A pass that fails is logged and retried at the next period.
 */
export class PgliteVacuum {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  /** Completed passes, for the soak test and /metrics. */
  passes = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly periodMs: number,
    private readonly onError: (error: Error) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.periodMs);
    this.timer.unref();
  }

  /** One pass; a pass already under way is joined rather than doubled. */
  runOnce(): Promise<void> {
    this.running ??= this.pass()
      .then(() => void this.passes++)
      .catch((error: unknown) => this.onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => (this.running = null));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async pass(): Promise<void> {
    // Autovacuum's own thresholds: 50 rows plus a share of the table, dead (vacuum) or changed (analyze).
    const { rows } = await this.pool.query<{ table: string }>(
      `select quote_ident(schemaname) || '.' || quote_ident(relname) as table
         from pg_stat_user_tables
        where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
        order by n_dead_tup + n_mod_since_analyze desc`,
    );
    for (const { table } of rows) await this.pool.query(`VACUUM (ANALYZE) ${table}`);
  }
}
