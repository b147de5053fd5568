import { inArray, sql } from 'drizzle-orm';
import { AUDIT_TYPES, createLabelSchema, labelNameKey, updateLabelSchema } from '@jalon/contract';
import { labels } from '../../db/schema.ts';
import { describeChanges } from '../projects/project-presenter.ts';
import { canManageLabels } from '../labels/policy.ts';
import { presentLabel } from '../labels/label-presenter.ts';
import type { EntityRules } from './apply-operation.ts';
import { fieldValues, type BatchPlan, type LabelRow } from './batch-plan.ts';
import { uuidArray, type Column } from './table-columns.ts';

/** What a create or a rename answers when another live label has the name (REST: 409 `name_taken`). */
export const NAME_TAKEN = 'name_taken';

/** Every column, as the writer stores a row. */
const COLUMNS: Array<Column<LabelRow>> = [
  ['id', 'uuid', (row) => row.id],
  ['name', 'text', (row) => row.name],
  ['name_key', 'text', (row) => row.nameKey],
  ['color', 'text', (row) => row.color],
  ['created_by', 'uuid', (row) => row.createdBy],
  ['version', 'integer', (row) => row.version],
  ['created_at', 'timestamptz', (row) => row.createdAt],
  ['updated_at', 'timestamptz', (row) => row.updatedAt],
  ['change_seq', 'bigint', (row) => row.changeSeq],
  ['deleted_at', 'timestamptz', (row) => row.deletedAt],
];

/** Whether another live label of the plan reads as this name (the loader brought those of the same key). */
const nameTaken = (plan: BatchPlan, id: string, nameKey: string) =>
  [...plan.labels.values()].some((label) => label.id !== id && !label.deletedAt && label.nameKey === nameKey);

export const labelRules: EntityRules<LabelRow> = {
  entity: 'label',
  table: labels,
  tableName: 'labels',
  columns: COLUMNS,
  // Labels belong to no project; only a label's own writes move its version (a task's labels are the task's).
  changeFeed: { projectId: sql`null::uuid`, created: sql`version = 0` },
  catchUp: { present: async (_tx, _viewer, rows) => rows.map(presentLabel) },
  restName: 'Label',
  refusals: {
    delete: 'Only an administrator can delete a label',
    change: 'Only an administrator can change a label',
    taken: { [NAME_TAKEN]: 'Another label already has this name' },
  },
  rows: (plan) => plan.labels,
  referenceFields: {},
  userFields: [],
  pointsAt: () => [],
  references: () => [],
  rowSchema: createLabelSchema as never,
  patchSchema: updateLabelSchema as never,
  normalise: (values) => values,
  fieldsOf: (row, fields) => fieldValues(row, fields, (field) => field as 'name' | 'color'),
  present: (_plan, row) => presentLabel(row),
  createdBy: (row) => row.createdBy,

  /**
   * The live labels whose names the operations give: names are compared in the plan, and writes queue
   * on the change counter, so no other transaction can take a name between this read and the commit.
   */
  async loadAlso(tx, plan, operations) {
    const keys = operations
      .filter((operation) => operation.entity === 'label' && typeof operation.data.name === 'string')
      .map((operation) => labelNameKey((operation.data.name as string).trim()));
    if (keys.length === 0) return;
    const rows = await tx
      .select()
      .from(labels)
      .where(sql`${labels.deletedAt} is null and ${inArray(labels.nameKey, keys)}`);
    for (const row of rows) if (!plan.labels.has(row.id)) plan.labels.set(row.id, row);
  },

  create(plan, id, values) {
    const name = values.name as string;
    const nameKey = labelNameKey(name);
    if (nameTaken(plan, id, nameKey)) return NAME_TAKEN;
    const row: LabelRow = {
      id,
      name,
      nameKey,
      color: values.color as LabelRow['color'],
      createdBy: plan.viewer.userId,
      version: 0,
      createdAt: plan.now,
      updatedAt: plan.now,
      changeSeq: plan.changeSeq,
      deletedAt: null,
    };
    plan.changed('label').add(id);
    plan.created('label').add(id);
    plan.audit({
      type: AUDIT_TYPES.labelCreated,
      resource: `label:${id}`,
      details: `Étiquette créée : ${name}`,
    });
    return row;
  },

  change(plan, current, changes) {
    const values: Partial<LabelRow> = { ...changes };
    if (typeof changes.name === 'string') {
      values.nameKey = labelNameKey(changes.name);
      if (nameTaken(plan, current.id, values.nameKey)) return NAME_TAKEN;
    }
    const row = plan.nextVersion('label', current, values);
    plan.audit({
      type: AUDIT_TYPES.labelUpdated,
      resource: `label:${row.id}`,
      details: `Étiquette modifiée : ${row.name}`,
      metadata: { changes: describeChanges(current, changes) },
    });
    return row;
  },

  canDelete: (plan) => canManageLabels(plan.viewer),
  mayChange: (plan) => canManageLabels(plan.viewer),

  /** A tombstone, and the label taken off the tasks of this plan that carry it (the writer does the rest). */
  remove(plan, current) {
    const row = plan.nextVersion('label', current, { deletedAt: plan.now });
    plan.deletedLabels.add(row.id);
    for (const task of plan.tasks.values()) {
      if (!task.labels.includes(row.id)) continue;
      const labels = task.labels.filter((id) => id !== row.id);
      plan.tasks.set(task.id, plan.nextVersion('task', task, { labels }));
    }
    plan.audit({
      type: AUDIT_TYPES.labelDeleted,
      resource: `label:${row.id}`,
      details: `Étiquette supprimée : ${current.name}`,
    });
    return row;
  },

  /**
   * Every other task carrying a deleted label loses it, one version up in this change, so a device that
   * was offline finds its tasks without the label at its next pull.
   */
  async afterWrite(tx, plan) {
    if (plan.deletedLabels.size === 0) return;
    const deleted = uuidArray(plan.deletedLabels);
    await tx.execute(sql`
      update tasks set labels = array(select unnest(labels) except select unnest(${deleted}) order by 1),
             updated_at = ${plan.now}, version = version + 1, change_seq = ${plan.changeSeq}
       where labels && ${deleted}`);
  },
};
