import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { HOUR_MS, type Periodic } from '../../lib/periodic-job.ts';

/** A device unused this long is forgotten; its next batch is answered `client_unknown`. */
const DEVICE_RETENTION_DAYS = 90;

/**
 * Deletes tombstones older than the horizon (docs/sync-protocol.md, "Tombstones") and raises the stored horizon to the highest
 * change sequence purged, in the same transaction: a cursor from before it can no longer be served
 * (its client would miss those deletions), so it gets `resetRequired`. Forgets devices unused for 90 days.
 * Every instance may run it: it is idempotent.
 */
export class TombstonePurge implements Periodic {
  readonly everyMs = HOUR_MS;

  constructor(
    private readonly db: Db,
    private readonly horizonDays: number,
    /**
     * Told, after the purge commits, the contents of the attached files whose rows went with their
     * tasks: the file storage removes those no other attachment names.
     */
    private readonly releaseContents: (sha256s: string[]) => Promise<void> = async () => {},
  ) {}

  /** One purge; answers how many tombstones went and the new horizon. */
  async runOnce(): Promise<{ purged: number; horizon: number }> {
    let released: string[] = [];
    const outcome = await this.db.transaction(async (tx) => {
      const cutoff = sql`now() - make_interval(days => ${this.horizonDays})`;
      // The purged tasks' attachments go with them (on delete cascade); their contents are released after.
      const contents = await tx.execute<{ sha256: string }>(sql`
        select distinct a.sha256 from attachments a join tasks t on t.id = a.task_id
         where t.deleted_at < ${cutoff}`);
      released = contents.rows.map((row) => row.sha256);
      // Tasks first: a project's tombstone goes only once no task row points at it.
      const result = await tx.execute<{ purged: number; horizon: number }>(sql`
        with gone_tasks as (
          delete from tasks where deleted_at < ${cutoff} returning change_seq
        ), gone_projects as (
          delete from projects p where p.deleted_at < ${cutoff}
            and not exists (select 1 from tasks t where t.project_id = p.id and (t.deleted_at is null or t.deleted_at >= ${cutoff}))
          returning change_seq
        ), gone_labels as (
          delete from labels where deleted_at < ${cutoff} returning change_seq
        ), gone as (
          select change_seq from gone_tasks union all select change_seq from gone_projects
          union all select change_seq from gone_labels
        )
        update change_counter set horizon = greatest(horizon, coalesce((select max(change_seq) from gone), 0))
         where id = 1
        returning (select count(*)::int from gone) as purged, horizon`);
      await tx.execute(
        sql`delete from sync_clients where last_seen_at < now() - make_interval(days => ${DEVICE_RETENTION_DAYS})`,
      );
      return result.rows[0]!;
    });
    if (released.length > 0) await this.releaseContents(released);
    return outcome;
  }
}
