import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appendAudits } from '../audit/audit-writer.ts';
import type { BatchPlan, ProjectRow, TaskRow } from './batch-plan.ts';

/**
 * Writes what a batch plan worked out, in a handful of set-based statements whatever the number of
 * operations: the final rows (one upsert per table), the cascade of deleted projects, the dashboard's
 * counts and history, and the audit rows. Decision 0012 says why not one statement per operation.
 */
export async function writePlan(tx: Tx, plan: BatchPlan): Promise<void> {
  // Projects first: a task created here may point at a project created here.
  if (plan.changedProjects.size > 0) await upsertProjects(tx, [...plan.changedProjects].map((id) => plan.projects.get(id)!));
  if (plan.changedTasks.size > 0) await upsertTasks(tx, [...plan.changedTasks].map((id) => plan.tasks.get(id)!));
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

async function upsertProjects(tx: Tx, rows: ProjectRow[]): Promise<void> {
  const json = rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    deadline: row.deadline,
    status: row.status,
    owner_id: row.ownerId,
    task_count: row.taskCount,
    progress_sum: row.progressSum,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    change_seq: row.changeSeq,
    deleted_at: row.deletedAt,
  }));
  await tx.execute(sql`
    insert into projects (id, name, description, deadline, status, owner_id, task_count, progress_sum, version, created_at, updated_at, change_seq, deleted_at)
    select * from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as p(id uuid, name text, description text, deadline timestamptz, status text,
      owner_id uuid, task_count integer, progress_sum integer, version integer, created_at timestamptz, updated_at timestamptz, change_seq bigint, deleted_at timestamptz)
    on conflict (id) do update set name = excluded.name, description = excluded.description, deadline = excluded.deadline,
      status = excluded.status, task_count = excluded.task_count, progress_sum = excluded.progress_sum, version = excluded.version,
      updated_at = excluded.updated_at, change_seq = excluded.change_seq, deleted_at = excluded.deleted_at`);
}

async function upsertTasks(tx: Tx, rows: TaskRow[]): Promise<void> {
  const json = rows.map((row) => ({
    id: row.id,
    project_id: row.projectId,
    title: row.title,
    description: row.description,
    status: row.status,
    priority: row.priority,
    progress: row.progress,
    assignee_id: row.assigneeId,
    deadline: row.deadline,
    estimated_minutes: row.estimatedMinutes,
    created_by: row.createdBy,
    completed_at: row.completedAt,
    version: row.version,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    change_seq: row.changeSeq,
    deleted_at: row.deletedAt,
  }));
  await tx.execute(sql`
    insert into tasks (id, project_id, title, description, status, priority, progress, assignee_id, deadline, estimated_minutes,
      created_by, completed_at, version, created_at, updated_at, change_seq, deleted_at)
    select * from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as t(id uuid, project_id uuid, title text, description text, status text,
      priority text, progress integer, assignee_id uuid, deadline timestamptz, estimated_minutes integer, created_by uuid, completed_at timestamptz,
      version integer, created_at timestamptz, updated_at timestamptz, change_seq bigint, deleted_at timestamptz)
    on conflict (id) do update set project_id = excluded.project_id, title = excluded.title, description = excluded.description,
      status = excluded.status, priority = excluded.priority, progress = excluded.progress, assignee_id = excluded.assignee_id,
      deadline = excluded.deadline, estimated_minutes = excluded.estimated_minutes, completed_at = excluded.completed_at,
      version = excluded.version, updated_at = excluded.updated_at, change_seq = excluded.change_seq, deleted_at = excluded.deleted_at`);
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
