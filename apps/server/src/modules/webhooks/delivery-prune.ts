import { sql } from 'drizzle-orm';
import { WEBHOOK_LIMITS } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { HOUR_MS, type Periodic } from '../../lib/periodic-job.ts';

/** The advisory lock one pruning pass holds: another instance's pass at the same time does nothing. */
const PRUNE_LOCK = 0x4a_57_48_50; // "JWHP"

/**
 * Deletes the journal's old deliveries, hourly: delivered ones after `deliveredRetentionDays`, failed ones
 * after `failedRetentionDays`; a pending delivery is never touched (its outbox job still names it). Every
 * instance runs it; a pass takes a transaction-scoped advisory lock first, so two instances never delete
 * the same rows at once, and a pass that finds the lock taken leaves the work to the one holding it.
 */
export class DeliveryPrune implements Periodic {
  readonly everyMs = HOUR_MS;

  constructor(private readonly db: Db) {}

  /** One pass; answers how many deliveries went (null: another instance was pruning). */
  async runOnce(now = new Date()): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const lock = await tx.execute<{ taken: boolean }>(
        sql`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as taken`,
      );
      if (!lock.rows[0]!.taken) return null;
      const before = (days: number) => new Date(now.getTime() - days * 24 * HOUR_MS);
      const gone = await tx.execute(sql`
        delete from webhook_deliveries
         where (status = 'delivered' and created_at < ${before(WEBHOOK_LIMITS.deliveredRetentionDays)})
            or (status = 'failed' and created_at < ${before(WEBHOOK_LIMITS.failedRetentionDays)})
        returning 1`);
      return gone.rows.length;
    });
  }
}
