import { sql } from 'drizzle-orm';
import { AUDIT_TYPES, createProjectSchema, updateProjectSchema } from '@jalon/contract';
import { projects } from '../../db/schema.ts';
import { canDeleteProject } from '../projects/policy.ts';
import { describeChanges, presentProject } from '../projects/project-presenter.ts';
import type { EntityRules } from './apply-operation.ts';
import { fieldValues, instant, type ProjectRow } from './batch-plan.ts';
import { uuidArray, type Column } from './table-columns.ts';

/** The project fields a client may write; each has a column of the same name. */
type Field = 'name' | 'description' | 'deadline' | 'status';

const rowValues = (values: Record<string, unknown>): Partial<ProjectRow> =>
  Object.fromEntries(
    Object.entries(values).map(([field, value]) => [
      field,
      field === 'deadline' && value !== null ? new Date(value as string) : value,
    ]),
  );

/** Every column, as the writer stores a row. */
const COLUMNS: Array<Column<ProjectRow>> = [
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
export const projectRules: EntityRules<ProjectRow> = {
  entity: 'project',
  table: projects,
  tableName: 'projects',
  columns: COLUMNS,
  // A task's write moves its project's counters (and change sequence) without a version bump: a project
  // is as created while its change sequence is still the one it was created at.
  changeFeed: { projectId: sql`id`, created: sql`created_seq is not distinct from change_seq` },
  catchUp: { present: async (_tx, viewer, rows) => rows.map((row) => presentProject(row, viewer)) },
  restName: 'Project',
  // Any member may change any project (`mayChange`): only deleting one is kept to its owner and administrators.
  refusals: { delete: 'Only the owner of a project or an administrator can delete it' },
  rows: (plan) => plan.projects,
  referenceFields: {},
  userFields: [],
  pointsAt: () => [],
  references: () => [],
  rowSchema: createProjectSchema as never,
  patchSchema: updateProjectSchema as never,
  normalise: (values) =>
    'deadline' in values ? { ...values, deadline: instant(values.deadline as string | null) } : values,
  fieldsOf: (row, fields) => fieldValues(row, fields, (field) => field as Field),
  present: (plan, row) => presentProject(row, plan.viewer),
  createdBy: (row) => row.ownerId,

  create(plan, id, values) {
    const row: ProjectRow = {
      id,
      name: values.name as string,
      description: values.description as string,
      deadline: new Date(values.deadline as string),
      status: (values.status as ProjectRow['status'] | undefined) ?? 'active',
      ownerId: plan.viewer.userId,
      taskCount: 0,
      progressSum: 0,
      version: 0,
      createdAt: plan.now,
      updatedAt: plan.now,
      changeSeq: plan.changeSeq,
      createdSeq: plan.changeSeq,
      deletedAt: null,
    };
    plan.changed('project').add(id);
    plan.created('project').add(id);
    plan.audit({
      type: AUDIT_TYPES.projectCreated,
      resource: `project:${id}`,
      details: `Projet créé : ${row.name}`,
    });
    return row;
  },

  change(plan, current, changes) {
    const values = rowValues(changes);
    const row = plan.nextVersion('project', current, values);
    plan.audit({
      type: AUDIT_TYPES.projectUpdated,
      resource: `project:${row.id}`,
      details: `Projet modifié : ${row.name}`,
      metadata: { changes: describeChanges(current, values) },
    });
    return row;
  },

  canDelete: (plan, row) => canDeleteProject(plan.viewer, row),
  mayChange: () => true,

  /** A tombstone for the project and each of its live tasks, in one change. */
  remove(plan, current) {
    const row = plan.nextVersion('project', current, { deletedAt: plan.now, taskCount: 0, progressSum: 0 });
    plan.deletedProjects.add(row.id);
    // Its tasks already in this plan are tombstoned here; the writer tombstones the others.
    for (const task of plan.tasks.values()) {
      if (task.projectId !== row.id || task.deletedAt) continue;
      plan.tasks.set(task.id, plan.nextVersion('task', task, { deletedAt: plan.now }));
    }
    plan.audit({
      type: AUDIT_TYPES.projectDeleted,
      resource: `project:${row.id}`,
      details: `Projet supprimé : ${current.name}`,
      metadata: { tasksDeleted: current.taskCount },
    });
    return row;
  },

  /**
   * The live tasks of the deleted projects that the plan did not load are tombstoned as those it did,
   * and the dashboard forgets the projects' counts.
   */
  async afterWrite(tx, plan) {
    if (plan.deletedProjects.size === 0) return;
    const deleted = uuidArray(plan.deletedProjects);
    await tx.execute(sql`
      update tasks set deleted_at = ${plan.now}, updated_at = ${plan.now}, version = version + 1, change_seq = ${plan.changeSeq}
       where project_id = any(${deleted}) and deleted_at is null`);
    await tx.execute(sql`delete from task_counts where project_id = any(${deleted})`);
  },
};
