import { sql } from 'drizzle-orm';
import type { ChangeEvent } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import type { ChangeAuthor } from '../changes/announced-transaction.ts';

/** A changed row as the stream tells it: what it is and its version, never its content. */
export interface ChangeRow {
  seq: number;
  event: ChangeEvent;
}

interface RawRow extends Record<string, unknown> {
  entity: 'project' | 'task' | 'comment';
  id: string;
  project_id: string;
  task_id: string | null;
  version: number;
  deleted: boolean;
  created: boolean;
  seq: string | number;
}

// Every table keeps a (change_seq, id) index, so each branch reads only the rows asked for. A comment is
// told with its task (whose thread to read again) and that task's project.
const select = (where: ReturnType<typeof sql>, limit: number) => sql`
  select * from (
    (select 'project' as entity, id, id as project_id, null::uuid as task_id, version,
            deleted_at is not null as deleted,
            created_seq is not distinct from change_seq as created, change_seq as seq
       from projects where ${where} order by change_seq, id limit ${limit})
    union all
    (select 'task' as entity, id, project_id, null::uuid as task_id, version,
            deleted_at is not null as deleted, version = 0 as created, change_seq as seq
       from tasks where ${where} order by change_seq, id limit ${limit})
    union all
    (select 'comment' as entity, c.id, t.project_id, c.task_id, c.version,
            c.deleted_at is not null as deleted, c.version = 0 as created, c.change_seq as seq
       from (select * from comments where ${where} order by change_seq, id limit ${limit}) c
       join tasks t on t.id = c.task_id)
  ) changed order by seq, entity, id limit ${limit}`;

/**
 * A tombstone was deleted; a row still at the change sequence of its creation was created (a task at
 * version 0: only its own writes move a task; a project: `created_seq`, since a task write moves its
 * project's counters without a version bump); anything else was updated.
 */
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

async function run(db: Db, query: ReturnType<typeof sql>, author: ChangeAuthor): Promise<ChangeRow[]> {
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
