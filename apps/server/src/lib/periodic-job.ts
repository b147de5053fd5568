export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** What a periodic job runs: one pass, at the cadence it names. */
export interface Periodic {
  readonly everyMs: number;
  runOnce(): Promise<unknown>;
}

/**
 * Runs a job's pass every `everyMs` on a timer that does not keep the process alive. Passes never
 * overlap: a tick that finds the previous pass still running is skipped, so a slow database does not
 * pile passes up on itself. A failed pass goes to `onError` and the schedule goes on. `stop()` ends the
 * schedule and waits for the pass under way, so that shutdown closes the database after it.
 *
 * It adds nothing between instances: every instance runs its own schedule, and each job keeps the
 * locking that makes that safe (an advisory lock, or work that is harmless twice).
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;

  constructor(
    private readonly job: Periodic,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    // A second start would leave the first timer running with nothing left to stop it.
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.job.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private tick(): Promise<void> {
    this.running ??= Promise.resolve()
      .then(() => this.job.runOnce())
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
