import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { AUDIT_TYPES, createTaskSchema, updateTaskSchema, type TaskStatus } from '@jalon/contract';
import type { Tx } from '../../db/client.ts';
import { comments, labels, projects, tasks } from '../../db/schema.ts';
import { describeChanges } from '../projects/project-presenter.ts';
import { canDeleteTask, canMoveTask } from '../tasks/policy.ts';
import { statusEvents } from '../tasks/task-bookkeeping.ts';
import { effectiveProgress, presentTask } from '../tasks/task-presenter.ts';
import { referencedIds, type EntityRules } from './apply-operation.ts';
import { fieldValues, instant, type BatchPlan, type PlannedOperation, type TaskRow } from './batch-plan.ts';
import { valuesById } from './values-by-id.ts';
import type { Column } from './table-columns.ts';

/** Task fields as the contract names them, and the row column each one is kept in. */
const COLUMN = {
  title: 'title',
  description: 'description',
  status: 'status',
  priority: 'priority',
  progress: 'progress',
  deadline: 'deadline',
  estimatedMinutes: 'estimatedMinutes',
  assignee: 'assigneeId',
  project: 'projectId',
  labels: 'labels',
  parent: 'parentId',
  position: 'position',
} as const satisfies Record<string, keyof TaskRow>;
type Field = keyof typeof COLUMN;

/** What stops a task from pointing at this project or person; null when nothing does. */
function invalidReferences(plan: BatchPlan, values: Record<string, unknown>): string | null {
  if (values.project !== undefined && !plan.liveProject(values.project as string))
    return 'project: Unknown project';
  if (typeof values.assignee === 'string' && !plan.userIds.has(values.assignee))
    return 'assignee: Unknown user';
  if (Array.isArray(values.labels) && !values.labels.every((id: string) => plan.liveLabel(id)))
    return 'labels: Unknown label';
  return null;
}

/** The live sub-tasks of a task among the plan's rows (the loader brings them for moves and deletes). */
const subTasksOf = (plan: BatchPlan, id: string): TaskRow[] =>
  [...plan.tasks.values()].filter((task) => task.parentId === id && !task.deletedAt);

/**
 * What stops a task (as it would be: its id, project and parent) from being a sub-task of its parent: one
 * level only, in the same project. Null when nothing does, or when it has no parent.
 */
function invalidParent(plan: BatchPlan, task: Pick<TaskRow, 'id' | 'projectId' | 'parentId'>): string | null {
  if (task.parentId === null) return null;
  const parent = plan.tasks.get(task.parentId);
  if (!parent || parent.deletedAt) return 'parent: Unknown task';
  if (parent.id === task.id) return 'parent: A task cannot be its own parent';
  if (parent.parentId !== null) return 'parent: A sub-task cannot have sub-tasks of its own';
  if (parent.projectId !== task.projectId) return 'parent: The parent task is in another project';
  if (subTasksOf(plan, task.id).length > 0) return 'parent: A task with sub-tasks cannot become a sub-task';
  return null;
}

/** A task's labels as kept: a set, each id once, sorted (so equal sets compare equal in the merge). */
const labelSet = (ids: unknown): string[] => [...new Set(ids as string[])].sort();

/** The task's values moved onto its row's columns. */
function rowValues(values: Record<string, unknown>): Partial<TaskRow> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      COLUMN[field as Field],
      field === 'deadline' && value !== null ? new Date(value as string) : value,
    ]),
  );
}

/** A live task's next version with these values, and what it moves: counts, history, audit row. */
function recorded(plan: BatchPlan, current: TaskRow, values: Partial<TaskRow>): TaskRow {
  const row = plan.nextVersion('task', current, values);
  if (row.projectId !== current.projectId) {
    plan.adjustProject(current.projectId, -1, -effectiveProgress(current));
    plan.adjustProject(row.projectId, 1, effectiveProgress(row));
  } else if (effectiveProgress(row) !== effectiveProgress(current)) {
    plan.adjustProject(row.projectId, 0, effectiveProgress(row) - effectiveProgress(current));
  }
  if (
    row.projectId !== current.projectId ||
    row.status !== current.status ||
    row.priority !== current.priority
  ) {
    plan.countTask(current, -1);
    plan.countTask(row, 1);
  }
  for (const kind of statusEvents(current.status, row.status))
    plan.events.push({ taskId: row.id, projectId: row.projectId, kind, at: plan.now });
  plan.audit({
    type: AUDIT_TYPES.taskUpdated,
    resource: `task:${row.id}`,
    details: `Tâche modifiée : ${row.title}`,
    metadata: { changes: describeChanges(current, values) },
  });
  return row;
}

/** A live task's tombstone, and what it takes off: its project's and the dashboard's counts. */
function tombstoned(plan: BatchPlan, current: TaskRow): TaskRow {
  const row = plan.nextVersion('task', current, { deletedAt: plan.now });
  plan.adjustProject(current.projectId, -1, -effectiveProgress(current));
  plan.countTask(current, -1);
  plan.audit({
    type: AUDIT_TYPES.taskDeleted,
    resource: `task:${row.id}`,
    details: `Tâche supprimée : ${current.title}`,
    metadata: { project: current.projectId },
  });
  return row;
}

/**
 * A tombstone brought back, and what it gives back: its project's and the dashboard's counts. Labels
 * deleted while it lay there stay off it; its comments are sent to devices again (`afterWrite`).
 */
function restored(plan: BatchPlan, current: TaskRow): TaskRow {
  const row = plan.nextVersion('task', current, {
    deletedAt: null,
    labels: current.labels.filter((id) => plan.liveLabel(id)),
  });
  plan.adjustProject(row.projectId, 1, effectiveProgress(row));
  plan.countTask(row, 1);
  plan.restoredTasks.add(row.id);
  plan.audit({
    type: AUDIT_TYPES.taskRestored,
    resource: `task:${row.id}`,
    details: `Tâche restaurée : ${row.title}`,
    metadata: { project: row.projectId },
  });
  return row;
}

/** The sub-tasks deleted in the same change as their parent (the loader brings them for restores). */
const deletedWith = (plan: BatchPlan, parent: TaskRow): TaskRow[] =>
  [...plan.tasks.values()].filter(
    (task) => task.parentId === parent.id && task.deletedAt && task.changeSeq === parent.changeSeq,
  );

/** What restoring these tasks reads besides them: see `loadAlso`. */
async function loadForRestores(tx: Tx, plan: BatchPlan, restores: PlannedOperation[]): Promise<void> {
  const tombstones = restores.flatMap((operation) => {
    const row = plan.tasks.get(operation.id);
    return row?.deletedAt ? [row] : [];
  });
  if (tombstones.length === 0) return;
  const subTasks = await tx
    .select()
    .from(tasks)
    .where(
      or(
        ...tombstones.map((row) =>
          and(eq(tasks.parentId, row.id), isNotNull(tasks.deletedAt), eq(tasks.changeSeq, row.changeSeq)),
        ),
      ),
    )
    .for('update');
  const parentIds = tombstones.flatMap((row) => (row.parentId ? [row.parentId] : []));
  const parents =
    parentIds.length === 0
      ? []
      : await tx.select().from(tasks).where(inArray(tasks.id, parentIds)).for('update');
  for (const row of [...subTasks, ...parents]) if (!plan.tasks.has(row.id)) plan.tasks.set(row.id, row);
  const labelIds = [...new Set([...tombstones, ...subTasks].flatMap((row) => row.labels))];
  if (labelIds.length === 0) return;
  for (const row of await tx.select().from(labels).where(inArray(labels.id, labelIds)))
    if (!plan.labels.has(row.id)) plan.labels.set(row.id, row);
}

const projectOwner = (plan: BatchPlan, row: TaskRow) => plan.projects.get(row.projectId)?.ownerId ?? null;

/** Every column, as the writer stores a row. */
const COLUMNS: Array<Column<TaskRow>> = [
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
  ['labels', 'uuid[]', (row) => row.labels],
  ['parent_id', 'uuid', (row) => row.parentId],
  ['position', 'integer', (row) => row.position],
  ['version', 'integer', (row) => row.version],
  ['created_at', 'timestamptz', (row) => row.createdAt],
  ['updated_at', 'timestamptz', (row) => row.updatedAt],
  ['change_seq', 'bigint', (row) => row.changeSeq],
  ['deleted_at', 'timestamptz', (row) => row.deletedAt],
];
export const taskRules: EntityRules<TaskRow> = {
  entity: 'task',
  table: tasks,
  tableName: 'tasks',
  columns: COLUMNS,
  // Only a task's own writes move its version, so version 0 is a task as it was created.
  changeFeed: { projectId: sql`project_id`, created: sql`version = 0` },
  // Every member sees every project's tasks; who may delete one depends on its project's owner.
  catchUp: {
    async present(tx, viewer, rows) {
      const owners = await valuesById<string | null>(
        tx,
        projects,
        projects.id,
        projects.ownerId,
        rows.map((row) => row.projectId),
      );
      return rows.map((row) => presentTask(row, viewer, owners.get(row.projectId) ?? null));
    },
  },
  restName: 'Task',
  refusals: {
    delete: 'Only the creator of a task, the owner of its project or an administrator can delete it',
    restore: 'Only the creator of a task, the owner of its project or an administrator can restore it',
    change:
      'Only the creator of a task, the owner of its project or an administrator can move it to another project',
  },
  rows: (plan) => plan.tasks,
  referenceFields: { project: 'project', labels: 'label', parent: 'task' },
  userFields: ['assignee'],
  pointsAt: (row) => [{ entity: 'project', id: row.projectId }],
  references: (_plan, row, data) => [
    ...referencedIds(typeof data.project === 'string' ? data.project : row?.projectId),
    ...referencedIds(data.labels),
    ...referencedIds(data.parent),
  ],
  rowSchema: createTaskSchema as never,
  patchSchema: updateTaskSchema as never,
  normalise: (values) => ({
    ...values,
    ...('deadline' in values && { deadline: instant(values.deadline as string | null) }),
    ...('labels' in values && { labels: labelSet(values.labels) }),
  }),
  fieldsOf: (row, fields) => fieldValues(row, fields, (field) => COLUMN[field as Field]),
  present: (plan, row) => presentTask(row, plan.viewer, projectOwner(plan, row)),
  createdBy: (row) => row.createdBy,

  create(plan, id, values) {
    const invalid = invalidReferences(plan, values);
    if (invalid) return invalid;
    const status = (values.status as TaskStatus | undefined) ?? 'todo';
    const row: TaskRow = {
      id,
      projectId: values.project as string,
      title: values.title as string,
      description: (values.description as string | undefined) ?? '',
      status,
      priority: (values.priority as TaskRow['priority'] | undefined) ?? 'medium',
      progress: (values.progress as number | undefined) ?? 0,
      assigneeId: (values.assignee as string | null | undefined) ?? null,
      deadline: values.deadline ? new Date(values.deadline as string) : null,
      estimatedMinutes: (values.estimatedMinutes as number | null | undefined) ?? null,
      createdBy: plan.viewer.userId,
      parentId: (values.parent as string | null | undefined) ?? null,
      position: (values.position as number | null | undefined) ?? null,
      completedAt: status === 'done' ? plan.now : null,
      labels: labelSet(values.labels ?? []),
      version: 0,
      createdAt: plan.now,
      updatedAt: plan.now,
      changeSeq: plan.changeSeq,
      deletedAt: null,
    };
    const badParent = invalidParent(plan, row);
    if (badParent) return badParent;
    plan.changed('task').add(id);
    plan.created('task').add(id);
    plan.adjustProject(row.projectId, 1, effectiveProgress(row));
    plan.countTask(row, 1);
    for (const kind of ['created', ...statusEvents(null, status)] as const)
      plan.events.push({ taskId: id, projectId: row.projectId, kind, at: plan.now });
    plan.audit({
      type: AUDIT_TYPES.taskCreated,
      resource: `task:${id}`,
      details: `Tâche créée : ${row.title}`,
      metadata: { project: row.projectId },
    });
    return row;
  },

  change(plan, current, changes) {
    const invalid = invalidReferences(plan, changes);
    if (invalid) return invalid;
    const values = rowValues(changes);
    // A sub-task stays in its parent's project: it moves with its parent, or leaves the parent first.
    const badParent =
      ('parentId' in values || 'projectId' in values) &&
      invalidParent(plan, { ...current, ...values } as TaskRow);
    if (badParent) return badParent;
    if (values.status && values.status !== current.status)
      values.completedAt = values.status === 'done' ? plan.now : null;
    const row = recorded(plan, current, values);
    // Its sub-tasks go where it goes.
    if (row.projectId !== current.projectId)
      for (const subTask of subTasksOf(plan, row.id))
        plan.tasks.set(subTask.id, recorded(plan, subTask, { projectId: row.projectId }));
    return row;
  },

  canDelete: (plan, row) => canDeleteTask(plan.viewer, row, projectOwner(plan, row)),
  mayChange: (plan, row, changes) =>
    changes.project === undefined ||
    changes.project === row.projectId ||
    canMoveTask(plan.viewer, row, projectOwner(plan, row)),

  /** Its sub-tasks are deleted with it, in the same change. */
  remove(plan, current) {
    for (const subTask of subTasksOf(plan, current.id)) plan.tasks.set(subTask.id, tombstoned(plan, subTask));
    return tombstoned(plan, current);
  },

  /**
   * Its sub-tasks deleted with it come back with it. A task whose project was deleted stays deleted (the
   * project is not restorable), and so does a sub-task whose parent is still deleted: restoring the
   * parent brings it back.
   */
  restore(plan, current) {
    if (!plan.liveProject(current.projectId)) return "project: The task's project was deleted";
    if (current.parentId !== null && !plan.liveTask(current.parentId))
      return 'parent: The parent task is deleted; restore it instead';
    for (const subTask of deletedWith(plan, current)) plan.tasks.set(subTask.id, restored(plan, subTask));
    return restored(plan, current);
  },

  /**
   * The live sub-tasks of the tasks an operation may move or delete, locked: they move and go with their
   * parent, and a task that has some cannot become a sub-task. For a restore, the sub-tasks deleted with
   * the task, its parent, and the labels the tombstones still carry (those deleted since stay off).
   */
  async loadAlso(tx, plan, operations) {
    await loadForRestores(
      tx,
      plan,
      operations.filter((operation) => operation.entity === 'task' && operation.op === 'restore'),
    );
    const ids = operations
      .filter(
        (operation) =>
          operation.entity === 'task' &&
          (operation.op === 'delete' || 'project' in operation.data || 'parent' in operation.data),
      )
      .map((operation) => operation.id);
    if (ids.length === 0) return;
    const rows = await tx
      .select()
      .from(tasks)
      .where(and(inArray(tasks.parentId, ids), isNull(tasks.deletedAt)))
      .for('update');
    for (const row of rows) if (!plan.tasks.has(row.id)) plan.tasks.set(row.id, row);
  },

  /** The dashboard's live counts take this plan's moves (deleted projects forgot theirs), and the history its events. */
  async afterWrite(tx, plan) {
    const deltas = [...plan.countDeltas]
      .map(([key, count]) => {
        const [projectId, status, priority] = key.split('|');
        return { project_id: projectId!, status: status!, priority: priority!, count };
      })
      .filter((delta) => delta.count !== 0 && !plan.deletedProjects.has(delta.project_id));
    // Comments unchanged since the delete were never sent again: a device that pulled them before would
    // have nothing newer to fetch, and one that dropped them with the task would never see them back.
    if (plan.restoredTasks.size > 0) {
      await tx
        .update(comments)
        .set({ changeSeq: plan.changeSeq })
        .where(inArray(comments.taskId, [...plan.restoredTasks]));
    }
    if (deltas.length > 0) {
      await tx.execute(sql`
        insert into task_counts (project_id, status, priority, count)
        select * from jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb) as c(project_id uuid, status text, priority text, count integer)
        on conflict (project_id, status, priority) do update set count = task_counts.count + excluded.count`);
    }
    if (plan.events.length === 0) return;
    await tx.execute(sql`
      insert into task_events (task_id, project_id, kind, at)
      select task_id, project_id, kind, at from jsonb_to_recordset(${JSON.stringify(plan.events.map((event) => ({ task_id: event.taskId, project_id: event.projectId, kind: event.kind, at: event.at })))}::jsonb)
        as e(task_id uuid, project_id uuid, kind text, at timestamptz)`);
  },
};
