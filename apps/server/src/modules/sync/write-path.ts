import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { CANONICAL_UUID, type ErrorCode, type SyncConflict, type SyncEntity } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/audit-writer.ts';
import { announcedTransaction, type ChangeAnnouncer } from '../changes/announced-transaction.ts';
import { versionConflict } from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
import { applyOperation, referencedIds, type EntityRules } from './apply-operation.ts';
import { BatchPlan, type OperationResult, type PlannedOperation } from './batch-plan.ts';
import { writePlan } from './batch-writer.ts';
import { ALL_RULES, rulesOf, type AnyRow, type RowOf } from './entities.ts';
import { retryingTransaction } from './retrying-transaction.ts';

/** Who writes, in which change, and where from (for the audit rows). */
export interface WriteContext {
  viewer: Viewer;
  actor: AuditActor;
  changeSeq: number;
  via: BatchPlan['via'];
}

/**
 * Every row the operations can touch, locked: each kind's rows named by the operations, then the rows
 * they point at (a task's project, as every task write locks it after the task), and the people named.
 */
export async function loadPlan(
  tx: Tx,
  context: WriteContext,
  operations: PlannedOperation[],
): Promise<BatchPlan> {
  const live = operations.filter((operation) => !operation.refusal);
  const named = (fields: string[]) =>
    live
      .flatMap((operation) =>
        fields.flatMap((field) => [
          ...referencedIds(operation.data[field]),
          ...referencedIds(operation.base?.[field]),
        ]),
      )
      .filter((value) => CANONICAL_UUID.test(value));
  const wanted = new Map(
    ALL_RULES.map((rules) => [
      rules.entity,
      new Set(live.filter((operation) => operation.entity === rules.entity).map((operation) => operation.id)),
    ]),
  );
  for (const rules of ALL_RULES)
    for (const [field, entity] of Object.entries(rules.referenceFields))
      for (const id of named([field])) wanted.get(entity!)!.add(id);
  const userIds = named([...new Set(ALL_RULES.flatMap((rules) => rules.userFields))]);

  const plan = new BatchPlan(
    context.viewer,
    context.actor,
    new Set(),
    context.changeSeq,
    new Date(),
    context.via,
  );
  // A kind is locked before those it points at, as a single write always locked them.
  for (const rules of [...ALL_RULES].reverse()) {
    const ids = [...wanted.get(rules.entity)!];
    if (ids.length === 0) continue;
    const rows = (await tx
      .select()
      .from(rules.table)
      .where(inArray(rules.table.id, ids))
      .for('update')) as AnyRow[];
    for (const row of rows) {
      rules.rows(plan).set(row.id, row);
      plan.remember(rules.entity, row);
      for (const target of rules.pointsAt(row)) wanted.get(target.entity)!.add(target.id);
    }
  }
  const people = new Set(userIds);
  for (const operation of live) {
    const rules = rulesOf(operation.entity) as EntityRules<AnyRow>;
    if (!rules.people) continue;
    // The viewer too: a create's author is the one writing it.
    people.add(context.viewer.userId);
    for (const id of rules.people(operation.data, rules.rows(plan).get(operation.id)))
      if (CANONICAL_UUID.test(id)) people.add(id);
  }
  if (people.size > 0) {
    const rows = await tx
      .select({ id: users.id, username: users.username, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(inArray(users.id, [...people]));
    for (const row of rows) {
      plan.userIds.add(row.id);
      plan.people.set(row.id, { username: row.username, active: row.deactivatedAt === null });
    }
  }
  for (const rules of ALL_RULES) await rules.loadAlso?.(tx, plan, live);
  return plan;
}

/** Applies the operations to the plan in order, then writes what they changed. */
export async function applyAndWrite(
  tx: Tx,
  plan: BatchPlan,
  operations: PlannedOperation[],
): Promise<Array<{ seq: number; result: OperationResult }>> {
  const results = operations.map((operation) => ({
    seq: operation.seq,
    result: applyOperation(plan, rulesOf(operation.entity) as EntityRules<AnyRow>, operation),
  }));
  await writePlan(tx, plan);
  return results;
}

/** One REST write: a create (with the client's id, if it made one), a patch, a delete or a restore. */
export interface RestWrite<E extends SyncEntity> {
  entity: E;
  op: 'create' | 'patch' | 'delete' | 'restore';
  /** For a create, the id the client made (absent: the server makes one). */
  id: string | undefined;
  /** `X-Entity-Version`; absent, the write goes over whatever version the row is at. */
  version: number | undefined;
  data: Record<string, unknown>;
}

export interface RestWritten<E extends SyncEntity> {
  row: RowOf<E>;
  /** The row as its REST route answers it. */
  presented: unknown;
  /** False when a create's id named a row this person had made already. */
  created: boolean;
}

/**
 * A REST write, planned and applied as a sync batch of one operation, by the same rules: REST keeps only
 * its own way of answering (404, 403, 409 `version_conflict` or `id_taken`, 400), never a rule of its own.
 */
export async function writeOne<E extends SyncEntity>(
  db: Db,
  announcer: ChangeAnnouncer,
  viewer: Viewer,
  actor: AuditActor,
  write: RestWrite<E>,
): Promise<RestWritten<E>> {
  const rules = rulesOf(write.entity);
  const id = write.id ?? randomUUID();
  const create = write.op === 'create';
  const operation: PlannedOperation = {
    seq: 1,
    entity: write.entity,
    op: write.op === 'create' ? 'upsert' : write.op,
    id,
    clientId: create ? `tmp-${id}` : id,
    version: write.version,
    data: write.data,
    base: undefined,
  };
  const run = async (tx: Tx, changeSeq: number) => {
    const plan = await loadPlan(tx, { viewer, actor, changeSeq, via: null }, [operation]);
    const existing = rules.rows(plan).get(id);
    // A batch answers a delete of what is already deleted as done (a resend); REST never showed it. A
    // restore is of a tombstone: only a row that is not there (never was, or purged) is 404.
    const gone =
      !existing || rules.hidden?.(plan, existing) || (existing.deletedAt && write.op !== 'restore');
    if (!create && gone) throw notFound(rules.restName);
    const { result } = (await applyAndWrite(tx, plan, [operation]))[0]!;
    if ('conflict' in result) throw restRefusal(rules, plan, result.conflict, write);
    const row = rules.rows(plan).get(id)!;
    return { plan, answer: { row, presented: rules.present(plan, row), created: create && !existing } };
  };
  const { answer } = await retryingTransaction(() =>
    announcedTransaction(
      db,
      announcer,
      { actor: viewer.userId, device: null },
      run,
      ({ plan }) => plan.changedAnything,
    ),
  );
  return answer;
}

/** A conflict of the shared rules, as the REST route has always answered it. */
function restRefusal<Row extends AnyRow>(
  rules: EntityRules<Row>,
  plan: BatchPlan,
  conflict: SyncConflict,
  write: RestWrite<SyncEntity>,
): AppError {
  switch (conflict.reason) {
    case 'not_found':
    case 'deleted':
      return notFound(rules.restName);
    case 'forbidden':
      return new AppError(
        403,
        'forbidden',
        write.op === 'delete'
          ? rules.refusals.delete
          : write.op === 'restore'
            ? (rules.refusals.restore ?? 'Forbidden')
            : (rules.refusals.change ?? 'Forbidden'),
      );
    case 'version_mismatch': {
      const current = rules.rows(plan).get(conflict.id)!;
      return versionConflict(
        rules.present(plan, current),
        current.version,
        write.op === 'delete' ? null : write.data,
        conflict.clientVersion,
      );
    }
    case 'invalid': {
      if (conflict.detail === 'id_taken')
        return new AppError(409, 'id_taken', 'This id already names another entity');
      const taken = conflict.detail && rules.refusals.taken?.[conflict.detail];
      if (taken) return new AppError(409, conflict.detail as ErrorCode, taken);
      // Rules explain what is invalid as `path: message`, as a validation error does.
      const [path, ...message] = (conflict.detail ?? 'data: invalid').split(': ');
      return new AppError(400, 'validation_failed', 'The request is not valid', {
        errors: [{ path: path!, message: message.join(': ') }],
      });
    }
    default:
      throw new Error(`A single REST write cannot be answered ${conflict.reason}`);
  }
}
