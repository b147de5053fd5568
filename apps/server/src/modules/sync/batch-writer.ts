import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appendAudits } from '../audit/audit-writer.ts';
import { writeNotifications } from '../notifications/notification-writer.ts';
import { queueWebhookEvents, type Occurrence } from '../webhooks/webhook-events.ts';
import type { BatchPlan } from './batch-plan.ts';
import { ALL_RULES } from './entities.ts';
import type { Column } from './table-columns.ts';

/**
 * Writes what a plan worked out, in a handful of set-based statements whatever the number of
 * operations: each kind's final rows (an insert and an update per table, a kind after those it points
 * at), what each kind stores besides (counts, history, a cascade), the audit rows, the webhooks and
 * the notifications they cause. Decision 0012 says
 * why not one statement per operation. It knows no kind by name: each declares its table and columns.
 */
export async function writePlan(tx: Tx, plan: BatchPlan): Promise<void> {
  for (const rules of ALL_RULES)
    await writeRows(
      tx,
      rules.tableName,
      rules.columns,
      rules.rows(plan),
      plan.changed(rules.entity),
      plan.created(rules.entity),
    );
  for (const rules of ALL_RULES) await rules.afterWrite?.(tx, plan);
  await appendAudits(tx, plan.audits);
  await queueWebhookEvents(tx, occurrences(plan), plan.now);
  await writeNotifications(tx, plan);
}

/**
 * What the plan did, as webhooks name it: each audit row of a write (`task.updated` on `task:<id>`) with
 * the row it tells of (its subject, else its resource) as its REST route answers it, final state of this batch. Every REST write and sync batch comes
 * through here, so a delivery is queued in the transaction of the change, whatever the route.
 */
function occurrences(plan: BatchPlan): Occurrence[] {
  return plan.audits.flatMap((audit) => {
    const [entity, id] = audit.subject
      ? [audit.subject.entity, audit.subject.id]
      : (audit.resource ?? '').split(':');
    const rules = ALL_RULES.find((candidate) => candidate.entity === entity);
    const row = id === undefined ? undefined : rules?.rows(plan).get(id);
    return rules && row ? [{ type: audit.type, data: rules.present(plan, row) }] : [];
  });
}

/** Columns kept as they were when a row is updated: its id, and when and by whom it was made. */
const KEPT_ON_UPDATE = new Set(['id', 'created_at', 'created_by', 'owner_id']);

/**
 * The final rows, in one statement per kind whatever their number: the rows this batch created are
 * inserted (a row already there under that id makes the insert fail, never be written over: the batch is
 * then retried and answers `id_taken`), the others updated in place.
 */
async function writeRows<Row>(
  tx: Tx,
  table: string,
  columns: Array<Column<Row>>,
  rows: Map<string, Row>,
  changed: Set<string>,
  created: Set<string>,
): Promise<void> {
  const json = (ids: string[]) =>
    JSON.stringify(
      ids.map((id) => Object.fromEntries(columns.map(([name, , value]) => [name, value(rows.get(id)!)]))),
    );
  const types = sql.raw(columns.map(([name, type]) => `${name} ${type}`).join(', '));
  // Table and column names are the declarations' constants, never input.
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
