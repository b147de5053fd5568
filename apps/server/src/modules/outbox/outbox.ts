import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outboxJobs } from '../../db/schema.ts';

/** A job as its handler sees it, claimed by this instance for one attempt. */
export interface OutboxJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** This attempt's number, from 1. */
  attempts: number;
  giveUpAt: Date;
}

/** What an attempt came to: done, or failed (retried later unless `final`, or the time is up). */
export type JobOutcome = { ok: true } | { ok: false; error: string; final?: boolean };

export interface JobHandler {
  /**
   * One attempt. `lastAttempt`: the job's time is up, so a failure now is final (the handler records it as
   * such). It must not throw for an expected failure; a throw counts as one, with the error's message.
   */
  run(job: OutboxJob, attempt: { now: Date; lastAttempt: boolean }): Promise<JobOutcome>;
}

/** Queues jobs in the caller's transaction: they exist if and only if the change that asked for them commits. */
export async function enqueueJobs(
  tx: Tx,
  jobs: Array<{ kind: string; payload: Record<string, unknown> }>,
  options: { now: Date; giveUpAfterMs: number },
): Promise<number[]> {
  if (jobs.length === 0) return [];
  const giveUpAt = new Date(options.now.getTime() + options.giveUpAfterMs);
  const rows = await tx
    .insert(outboxJobs)
    .values(jobs.map((job) => ({ ...job, runAt: options.now, giveUpAt, createdAt: options.now })))
    .returning({ id: outboxJobs.id });
  return rows.map((row) => row.id);
}

const SECOND = 1_000;
const HOUR = 3_600 * SECOND;

/**
 * The wait before the next attempt after `attempts` failed ones: 10 s doubled each time, at most an hour,
 * give or take a fifth (so the deliveries of one outage do not all come back in the same second).
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(10 * SECOND * 2 ** Math.max(0, attempts - 1), 3_600 * SECOND);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface OutboxWorkerOptions {
  /** How often an idle instance looks for due jobs. */
  pollIntervalMs: number;
  /** How long a claimed job is this instance's; past it (a crash), another instance takes it again. */
  leaseMs: number;
  /** Jobs claimed and run at once. */
  batchSize: number;
  /** Finished jobs (done or failed) are deleted once this old; the webhooks keep their own journal. */
  keepFinishedMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

type ClaimedRow = Record<string, unknown> & {
  id: string | number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  give_up_at: string | Date;
};

/**
 * Runs the due jobs of the outbox on this instance. Several instances may run one each on the same
 * database: a job is claimed with `for update skip locked`, so exactly one of them holds it, and the claim
 * is a lease (`run_at` moved forward), so a job held by an instance that died is taken again once the
 * lease is over. Delivery is therefore at least once; decision 0076 says why and what a receiver does.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;
  private lastPurge = 0;
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: OutboxWorkerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the attempts under way (their outcome is recorded). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runDue()
        .catch((error: unknown) => {
          this.options.onError?.(error);
          return 0;
        })
        // A full batch means more may be due: look again at once.
        .then((count) => this.schedule(count >= this.options.batchSize ? 0 : this.options.pollIntervalMs));
    }, delayMs);
    this.timer.unref();
  }

  /** Claims the due jobs (at most a batch) and runs them; answers how many it ran. */
  runDue(): Promise<number> {
    // One pass at a time on an instance: a test calling it while the timer fires waits for that pass.
    const previous = this.running ?? Promise.resolve(0);
    const pass = previous.catch(() => 0).then(() => this.pass());
    this.running = pass;
    return pass;
  }

  private async pass(): Promise<number> {
    const now = this.now();
    const kinds = Object.keys(this.handlers);
    if (kinds.length === 0) return 0;
    // At most hourly: finished jobs are only history, and the table is read on every pass.
    if (now.getTime() - this.lastPurge >= HOUR) {
      this.lastPurge = now.getTime();
      const before = new Date(now.getTime() - (this.options.keepFinishedMs ?? 7 * 24 * HOUR));
      await this.db.execute(
        sql`delete from outbox_jobs where status in ('done', 'failed') and finished_at < ${before}`,
      );
    }
    const leaseEnd = new Date(now.getTime() + this.options.leaseMs);
    // A pending job whose time has come, or a running one whose lease is over (its instance died).
    const claimed = await this.db.execute<ClaimedRow>(sql`
      update outbox_jobs set status = 'running', attempts = attempts + 1, run_at = ${leaseEnd}
       where id in (
         select id from outbox_jobs
          where status in ('pending', 'running') and run_at <= ${now}
            and kind in (${sql.join(
              kinds.map((kind) => sql`${kind}`),
              sql`, `,
            )})
          order by run_at, id
          limit ${this.options.batchSize}
          for update skip locked)
      returning id, kind, payload, attempts, give_up_at`);
    await Promise.all(claimed.rows.map((row) => this.attempt(row)));
    return claimed.rows.length;
  }

  private async attempt(row: ClaimedRow): Promise<void> {
    const job: OutboxJob = {
      id: Number(row.id),
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      giveUpAt: new Date(row.give_up_at),
    };
    const startedAt = this.now();
    const lastAttempt = startedAt.getTime() >= job.giveUpAt.getTime();
    let outcome: JobOutcome;
    try {
      outcome = await this.handlers[job.kind]!.run(job, { now: startedAt, lastAttempt });
    } catch (error) {
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    const now = this.now();
    // Guarded by the attempt number: an instance whose lease ran out records nothing over the next one's.
    const mine = sql`id = ${job.id} and status = 'running' and attempts = ${job.attempts}`;
    if (outcome.ok) {
      await this.db.execute(
        sql`update outbox_jobs set status = 'done', finished_at = ${now}, last_error = null where ${mine}`,
      );
    } else if (outcome.final || lastAttempt) {
      await this.db.execute(sql`
        update outbox_jobs set status = 'failed', finished_at = ${now}, last_error = ${outcome.error}
         where ${mine}`);
    } else {
      // The last try comes when the time is up, never after it.
      const next = Math.min(now.getTime() + retryDelayMs(job.attempts), job.giveUpAt.getTime());
      await this.db.execute(sql`
        update outbox_jobs set status = 'pending', run_at = ${new Date(next)}, last_error = ${outcome.error}
         where ${mine}`);
    }
  }
}
