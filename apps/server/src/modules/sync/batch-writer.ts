import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appendAudits } from '../audit/audit-writer.ts';
import type { BatchPlan, ProjectRow, TaskRow } from './batch-plan.ts';

/**
 * Writes what a batch plan worked out, in a handful of set-based statements whatever the number of
 * operations: the final rows (an insert and an update per table), the cascade of deleted projects, the dashboard's
 * counts and history, and the audit rows. Decision 0012 says why not one statement per operation.
 */
export async function writePlan(tx: Tx, plan: BatchPlan): Promise<void> {
  // Projects first: a task created here may point at a project created here.
  await writeRows(tx, 'projects', PROJECT_COLUMNS, plan.projects, plan.changedProjects, plan.createdProjects);
  await writeRows(tx, 'tasks', TASK_COLUMNS, plan.tasks, plan.changedTasks, plan.createdTasks);
  if (plan.deletedProjects.size > 0) await tombstoneProjectsTasks(tx, plan);
  await writeCounts(tx, plan);
  if (plan.events.length > 0) {
    await tx.execute(sql`
      insert into task_events (task_id, project_id, kind, at)
      select task_id, project_id, kind, at from jsonb_to_recordset(${JSON.stringify(plan.events.map((event) => ({ task_id: event.taskId, project_id: event.projectId, kind: event.kind, at: event.at })))}::jsonb)
        as e(task_id uuid, project_id uuid, kind text, at timestamptz)`);
  }
  await appendAudits(tx, plan.audits);
}

/** A uuid[] parameter (drizzle would spread a JavaScript array into a list of parameters). */
export const uuidArray = (ids: Iterable<string>) => sql`${`{${[...ids].join(',')}}`}::uuid[]`;

/** A column of a table written by the batch: its name in SQL, its type, and where the row keeps it. */
type Column<Row> = [name: string, type: string, value: (row: Row) => unknown];

/** Every column of each table; all but `id`, `created_at` and `created_by`/`owner_id` are changed by an update. */
const PROJECT_COLUMNS: Array<Column<ProjectRow>> = [
  ['id', 'uuid', (row) => row.id],
  ['name', 'text', (row) => row.name],
  ['description', 'text', (row) => row.description],
  ['deadline', 'timestamptz', (row) => row.deadline],
  ['status', 'text', (row) => row.status],
  ['owner_id', 'uuid', (row) => row.ownerId],
  ['task_count', 'integer', (row) => row.taskCount],
  ['progress_sum', 'integer', (row) => row.progressSum],
  ['version', 'integer', (row) => row.version],
  ['created_at', 'timestamptz', (row) => row.createdAt],
  ['updated_at', 'timestamptz', (row) => row.updatedAt],
  ['change_seq', 'bigint', (row) => row.changeSeq],
  ['deleted_at', 'timestamptz', (row) => row.deletedAt],
];
const TASK_COLUMNS: Array<Column<TaskRow>> = [
  ['id', 'uuid', (row) => row.id],
  ['project_id', 'uuid', (row) => row.projectId],
  ['title', 'text', (row) => row.title],
  ['description', 'text', (row) => row.description],
  ['status', 'text', (row) => row.status],
  ['priority', 'text', (row) => row.priority],
  ['progress', 'integer', (row) => row.progress],
  ['assignee_id', 'uuid', (row) => row.assigneeId],
  ['deadline', 'timestamptz', (row) => row.deadline],
  ['estimated_minutes', 'integer', (row) => row.estimatedMinutes],
  ['created_by', 'uuid', (row) => row.createdBy],
  ['completed_at', 'timestamptz', (row) => row.completedAt],
  ['version', 'integer', (row) => row.version],
  ['created_at', 'timestamptz', (row) => row.createdAt],
  ['updated_at', 'timestamptz', (row) => row.updatedAt],
  ['change_seq', 'bigint', (row) => row.changeSeq],
  ['deleted_at', 'timestamptz', (row) => row.deletedAt],
];
const KEPT_ON_UPDATE = new Set(['id', 'created_at', 'created_by', 'owner_id']);

/**
 * The final rows, in one statement per kind whatever their number: the rows this batch created are
 * inserted (a row already there under that id makes the insert fail, never be written over: the batch is
 * then retried and answers `id_taken`), the others updated in place.
 */
async function writeRows<Row>(tx: Tx, table: 'projects' | 'tasks', columns: Array<Column<Row>>, rows: Map<string, Row>, changed: Set<string>, created: Set<string>): Promise<void> {
  const json = (ids: string[]) => JSON.stringify(ids.map((id) => Object.fromEntries(columns.map(([name, , value]) => [name, value(rows.get(id)!)]))));
  const types = sql.raw(columns.map(([name, type]) => `${name} ${type}`).join(', '));
  // Table and column names are this module's constants, never input.
  if (created.size > 0) {
    await tx.execute(sql`
      insert into ${sql.raw(table)} (${sql.raw(columns.map(([name]) => name).join(', '))})
      select * from jsonb_to_recordset(${json([...created])}::jsonb) as r(${types})`);
  }
  const updated = [...changed].filter((id) => !created.has(id));
  if (updated.length === 0) return;
  const updates = columns
    .filter(([name]) => !KEPT_ON_UPDATE.has(name))
    .map(([name]) => `${name} = r.${name}`)
    .join(', ');
  await tx.execute(sql`
    update ${sql.raw(table)} as t set ${sql.raw(updates)}
      from jsonb_to_recordset(${json(updated)}::jsonb) as r(${types})
     where t.id = r.id`);
}

/** The live tasks of the deleted projects that this batch did not load, tombstoned as REST does. */
async function tombstoneProjectsTasks(tx: Tx, plan: BatchPlan): Promise<void> {
  await tx.execute(sql`
    update tasks set deleted_at = ${plan.now}, updated_at = ${plan.now}, version = version + 1, change_seq = ${plan.changeSeq}
     where project_id = any(${uuidArray(plan.deletedProjects)}) and deleted_at is null`);
}

/** The dashboard's live counts: deleted projects forget theirs, the others add this batch's moves. */
async function writeCounts(tx: Tx, plan: BatchPlan): Promise<void> {
  if (plan.deletedProjects.size > 0) {
    await tx.execute(sql`delete from task_counts where project_id = any(${uuidArray(plan.deletedProjects)})`);
  }
  const deltas = [...plan.countDeltas]
    .map(([key, count]) => {
      const [projectId, status, priority] = key.split('|');
      return { project_id: projectId!, status: status!, priority: priority!, count };
    })
    .filter((delta) => delta.count !== 0 && !plan.deletedProjects.has(delta.project_id));
  if (deltas.length === 0) return;
  await tx.execute(sql`
    insert into task_counts (project_id, status, priority, count)
    select * from jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb) as c(project_id uuid, status text, priority text, count integer)
    on conflict (project_id, status, priority) do update set count = task_counts.count + excluded.count`);
}
