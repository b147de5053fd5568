import { inArray } from 'drizzle-orm';
import {
  CANONICAL_ENTITY_ID,
  CANONICAL_UUID,
  SYNC_SCHEMA_VERSION,
  stripTmpPrefix,
  type SyncBatchResponse,
  type SyncConflict,
  type SyncOperation,
} from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { projects, tasks, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { findUnstorable } from '../../lib/storable-json.ts';
import type { Notifier } from '../../lib/notifier.ts';
import type { AuditActor } from '../audit/audit-writer.ts';
import { announcedTransaction } from '../changes/announced-transaction.ts';
import type { Viewer } from '../projects/policy.ts';
import { applyOperation, resolveReferences } from './apply-operation.ts';
import { BatchPlan, type OperationResult, type PlannedOperation } from './batch-plan.ts';
import { writePlan } from './batch-writer.ts';
import { projectRules } from './project-rules.ts';
import { retryingTransaction } from './retrying-transaction.ts';
import { assertInOrder, lockSyncClient, recordProcessed, storedResults } from './sync-clients.ts';
import { taskRules } from './task-rules.ts';

export interface SyncBatch {
  schemaVersion: number;
  clientId: string;
  userId: string;
  ackedThrough?: number | undefined;
  operations: Array<Omit<SyncOperation, 'data'> & { data: Record<string, unknown> }>;
}

const rulesOf = (entity: PlannedOperation['entity']) => (entity === 'task' ? taskRules : projectRules);

/**
 * Why an operation is refused whatever the rules say: an id in another spelling than the canonical one
 * (it would name one row to the database and another in memory), or data the database cannot store or
 * that nests too deep. It is answered `invalid` on its own and the device moves past it.
 */
function refusalOf(operation: SyncBatch['operations'][number]): string | null {
  if (!CANONICAL_ENTITY_ID.test(operation.id)) return 'id: A lower-case UUID, or tmp-<uuid>';
  const unstorable = findUnstorable({ data: operation.data, base: operation.base });
  return unstorable && `${unstorable.path}: ${unstorable.message}`;
}

/** The operations as the plan takes them: real ids, references without `tmp-` (SYNC.md §3). */
function planned(operation: SyncBatch['operations'][number]): PlannedOperation {
  const common = {
    seq: operation.seq,
    entity: operation.entity,
    op: operation.op,
    id: stripTmpPrefix(operation.id),
    clientId: operation.id,
    version: operation.version,
  };
  const refusal = refusalOf(operation);
  if (refusal) return { ...common, data: {}, base: undefined, refusal };
  const { referenceFields } = rulesOf(operation.entity);
  return {
    ...common,
    data: resolveReferences(operation.data, referenceFields),
    base: operation.base && resolveReferences(operation.base, referenceFields),
  };
}

/** `POST /api/sync/batch`: a device's numbered operations, applied in order in one transaction. */
export class SyncService {
  constructor(
    private readonly db: Db,
    private readonly notifier: Notifier,
  ) {}

  async batch(viewer: Viewer, actor: AuditActor, batch: SyncBatch): Promise<SyncBatchResponse> {
    if (batch.schemaVersion !== SYNC_SCHEMA_VERSION) {
      throw new AppError(
        409,
        'upgrade_required',
        `This server speaks sync schema ${SYNC_SCHEMA_VERSION}: reload the application`,
      );
    }
    if (batch.userId !== viewer.userId)
      throw new AppError(409, 'wrong_user', 'These operations belong to another user');
    const operations = batch.operations.map(planned);
    const ackedThrough = batch.ackedThrough ?? 0;

    // The change sequence is taken first, outside any savepoint, and orders this batch among all writes
    // (SYNC.md §2); one notification leaves at commit when the batch changed anything.
    const writeBatch = (tx: Tx, changeSeq: number) =>
      this.applyBatch(tx, viewer, actor, batch.clientId, operations, ackedThrough, changeSeq);
    const answer = await retryingTransaction(() =>
      announcedTransaction(this.db, this.notifier, viewer.userId, writeBatch, (result) => result.changed),
    );
    return {
      applied: answer.results.flatMap(({ result }) => ('applied' in result ? [result.applied] : [])),
      conflicts: answer.results.flatMap(({ result }) => ('conflict' in result ? [result.conflict] : [])),
      lastSeq: answer.lastSeq,
      changeSeq: answer.changeSeq,
    };
  }

  /** The batch inside its transaction: the device's row, replays, the plan, its writes, the answers. */
  private async applyBatch(
    tx: Tx,
    viewer: Viewer,
    actor: AuditActor,
    clientId: string,
    operations: PlannedOperation[],
    ackedThrough: number,
    changeSeq: number,
  ) {
    const client = await lockSyncClient(tx, clientId, viewer.userId, operations[0]?.seq, ackedThrough);
    assertInOrder(
      client,
      operations.map((operation) => operation.seq),
    );

    const replays = operations.filter((operation) => operation.seq <= client.lastSeq);
    const fresh = operations.filter((operation) => operation.seq > client.lastSeq);
    const stored = await storedResults(
      tx,
      client.id,
      replays.map((operation) => operation.seq),
    );
    const plan = await this.loadPlan(tx, viewer, actor, changeSeq, fresh);
    const processed = fresh.map((operation) => ({
      seq: operation.seq,
      result: applyOperation(plan, rulesOf(operation.entity) as never, operation) as OperationResult,
    }));
    await writePlan(tx, plan);
    const lastSeq = await recordProcessed(tx, client, processed, ackedThrough, plan.now);
    const results = [
      ...replays.map((operation) => ({
        seq: operation.seq,
        result: stored.get(operation.seq) ?? alreadyApplied(operation),
      })),
      ...processed,
    ];
    return { results, lastSeq, changeSeq, changed: plan.changedTasks.size + plan.changedProjects.size > 0 };
  }

  /** Every row the operations can touch, locked (tasks, then their projects, as REST writes lock them). */
  private async loadPlan(
    tx: Tx,
    viewer: Viewer,
    actor: AuditActor,
    changeSeq: number,
    operations: PlannedOperation[],
  ): Promise<BatchPlan> {
    const ids = (entity: 'task' | 'project') =>
      operations
        .filter((operation) => operation.entity === entity && !operation.refusal)
        .map((operation) => operation.id);
    const fieldIds = (field: string) =>
      operations
        .flatMap((operation) => [operation.data[field], operation.base?.[field]])
        .filter((value): value is string => typeof value === 'string' && CANONICAL_UUID.test(value));
    const taskIds = ids('task');
    const projectIds = [...ids('project'), ...fieldIds('project')];
    const assigneeIds = fieldIds('assignee');

    const taskRows = taskIds.length
      ? await tx.select().from(tasks).where(inArray(tasks.id, taskIds)).for('update')
      : [];
    const projectRows =
      projectIds.length || taskRows.length
        ? await tx
            .select()
            .from(projects)
            .where(inArray(projects.id, [...projectIds, ...taskRows.map((row) => row.projectId)]))
            .for('update')
        : [];
    const userRows = assigneeIds.length
      ? await tx.select({ id: users.id }).from(users).where(inArray(users.id, assigneeIds))
      : [];

    const plan = new BatchPlan(viewer, actor, new Set(userRows.map((row) => row.id)), changeSeq, new Date());
    for (const row of taskRows) plan.tasks.set(row.id, row);
    for (const row of projectRows) plan.projects.set(row.id, row);
    return plan;
  }
}

/** A replay whose stored answer the client already acknowledged (and so released). */
const alreadyApplied = (operation: PlannedOperation): OperationResult => ({
  conflict: {
    seq: operation.seq,
    entity: operation.entity,
    id: operation.id,
    reason: 'already_applied',
    server: null,
    client: operation.data,
    serverVersion: null,
    clientVersion: operation.version,
  } satisfies SyncConflict,
});
