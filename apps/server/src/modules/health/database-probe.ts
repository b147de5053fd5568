export interface ProbeTimings {
  /** How often the database is asked. */
  everyMs: number;
  /** How long one probe may wait: a hung database must not leave the last result standing. */
  timeoutMs: number;
  /** How long without an answer before the instance calls itself degraded (one slow probe is not enough). */
  staleAfterMs: number;
}

const DEFAULT_PROBE_TIMINGS: ProbeTimings = { everyMs: 2_000, timeoutMs: 2_000, staleAfterMs: 10_000 };

/**
 * Checks the database in the background. The health route reads the last result instead of querying,
 * so it stays fast and honest even while the database is saturated, stalled or gone.
 */
export class DatabaseProbe {
  version = 'unknown';
  /** Whether the last probe got an answer in time. */
  reachable = false;
  /** When the last probe ended: answered, failed or timed out. */
  checkedAt = new Date(0);
  private answeredAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ping: () => Promise<string>,
    private readonly timings: ProbeTimings = DEFAULT_PROBE_TIMINGS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Up while the database answered a probe within `staleAfterMs`. */
  get healthy(): boolean {
    return this.now() - this.answeredAt <= this.timings.staleAfterMs;
  }

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.timings.everyMs);
    this.timer.unref();
  }

  async check(): Promise<void> {
    // One probe at a time: a hung probe is not joined by more, which would pile up on the database and,
    // on PostgreSQL, take one pooled connection each.
    if (this.pending) return;
    const attempt = this.ping().then(
      (version) => {
        this.version = version;
        this.reachable = true;
        this.answeredAt = this.now();
        this.checkedAt = new Date(this.answeredAt);
      },
      () => this.recordNoAnswer(),
    );
    this.pending = attempt.finally(() => {
      this.pending = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(() => resolve(this.recordNoAnswer()), this.timings.timeoutMs);
    });
    await Promise.race([attempt, timedOut]);
    clearTimeout(timer);
  }

  private recordNoAnswer(): void {
    this.reachable = false;
    this.checkedAt = new Date(this.now());
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
