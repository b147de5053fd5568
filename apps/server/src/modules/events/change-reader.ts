import { sql, type SQL } from 'drizzle-orm';
import type { ChangeEvent, SyncEntity } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import type { ChangeAuthor } from '../changes/announced-transaction.ts';
import { ALL_RULES } from '../sync/entities.ts';

/** A changed row as the stream tells it: what it is and its version, never its content. */
export interface ChangeRow {
  seq: number;
  event: ChangeEvent;
}

interface RawRow extends Record<string, unknown> {
  entity: SyncEntity;
  id: string;
  project_id: string | null;
  task_id: string | null;
  version: number;
  deleted: boolean;
  created: boolean;
  seq: string | number;
}

// One branch a declared kind of data (sync/entities.ts), so a new kind is streamed without a change
// here. Each table keeps a (change_seq, id) index, so each branch reads only the rows asked for.
const select = (where: SQL, limit: number) => {
  const branches = ALL_RULES.map(
    ({ entity, tableName, changeFeed }) => sql`
    (select ${entity}::text as entity, id, ${changeFeed.projectId} as project_id,
            ${changeFeed.taskId ?? sql`null::uuid`} as task_id, version,
            deleted_at is not null as deleted, ${changeFeed.created} as created, change_seq as seq
       from ${sql.identifier(tableName)} where ${where} order by change_seq, id limit ${limit})`,
  );
  return sql`select * from (${sql.join(branches, sql` union all `)}) changed order by seq, entity, id limit ${limit}`;
};

/** A tombstone was deleted; a row as its creation left it was created; anything else was updated. */
const toChange = (row: RawRow, author: ChangeAuthor): ChangeRow => ({
  seq: Number(row.seq),
  event: {
    type: `${row.entity}.${row.deleted ? 'deleted' : row.created ? 'created' : 'updated'}`,
    id: row.id,
    projectId: row.project_id,
    ...(row.task_id ? { taskId: row.task_id } : {}),
    version: row.version,
    actor: author.actor,
    device: author.device,
  },
});

async function run(db: Db, query: SQL, author: ChangeAuthor): Promise<ChangeRow[]> {
  const result = await db.execute<RawRow>(query);
  return result.rows.map((row) => toChange(row, author));
}

/** The rows one transaction left (a row changed again since carries a later sequence and is not here). */
export function readTransaction(
  db: Db,
  changeSeq: number,
  author: ChangeAuthor,
  limit: number,
): Promise<ChangeRow[]> {
  return run(db, select(sql`change_seq = ${changeSeq}`, limit), author);
}

/** Up to `limit` rows changed at `fromSeq` or later, oldest first; the log keeps no author, so none is said. */
export function readSince(db: Db, fromSeq: number, limit: number): Promise<ChangeRow[]> {
  return run(db, select(sql`change_seq >= ${fromSeq}`, limit), { actor: null, device: null });
}
