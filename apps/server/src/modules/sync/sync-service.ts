import {
  CANONICAL_ENTITY_ID,
  SYNC_SCHEMA_VERSION,
  stripTmpPrefix,
  type SyncBatchResponse,
  type SyncConflict,
  type SyncChangesParams,
  type SyncOperation,
} from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findUnstorable } from '../../lib/storable-json.ts';
import type { Notifier } from '../../lib/notifier.ts';
import type { AuditActor } from '../audit/audit-writer.ts';
import { announcedTransaction } from '../changes/announced-transaction.ts';
import type { CursorCodec } from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
import { resolveReferences } from './apply-operation.ts';
import type { OperationResult, PlannedOperation } from './batch-plan.ts';
import { readChanges, type Changes } from './catch-up-read.ts';
import { retryingTransaction } from './retrying-transaction.ts';
import {
  assertInOrder,
  forgetDeletedComments,
  lockSyncClient,
  recordProcessed,
  storedResults,
} from './sync-clients.ts';
import { rulesOf } from './entities.ts';
import { applyAndWrite, loadPlan } from './write-path.ts';

export interface SyncBatch {
  schemaVersion: number;
  clientId: string;
  userId: string;
  ackedThrough?: number | undefined;
  operations: Array<Omit<SyncOperation, 'data'> & { data: Record<string, unknown> }>;
}

/** A batch's operation always names the version it started from. */
type BatchOperation = PlannedOperation & { version: number };

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

/** The operations as the plan takes them: real ids, references without `tmp-`. */
function planned(operation: SyncBatch['operations'][number]): BatchOperation {
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
    private readonly cursors: CursorCodec,
  ) {}

  /** Every declared kind's changes past a cursor, in one page with one cursor (`GET /api/sync/changes`). */
  changes(viewer: Viewer, query: SyncChangesParams): Promise<Changes> {
    return readChanges(this.db, this.cursors, { viewer, ...query });
  }

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

    // The change sequence is taken first and orders this batch among all writes; one notification leaves
    // at commit when the batch changed anything.
    const writeBatch = (tx: Tx, changeSeq: number) =>
      this.applyBatch(tx, viewer, actor, batch.clientId, operations, ackedThrough, changeSeq);
    const answer = await retryingTransaction(() =>
      announcedTransaction(
        this.db,
        this.notifier,
        { actor: viewer.userId, device: batch.clientId },
        writeBatch,
        (result) => result.changed,
      ),
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
    operations: BatchOperation[],
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
    const plan = await loadPlan(tx, { viewer, actor, changeSeq, via: 'sync' }, fresh);
    const processed = await applyAndWrite(tx, plan, fresh);
    const lastSeq = await recordProcessed(tx, client, processed, ackedThrough, plan.now);
    // The comment rules forgot the texts of the comments this batch deleted in earlier answers; these
    // answers were stored just now, and may hold text sent to a comment deleted before.
    await forgetDeletedComments(tx, plan, 'read deleted');
    const results = [
      ...replays.map((operation) => ({
        seq: operation.seq,
        result: stored.get(operation.seq) ?? alreadyApplied(operation),
      })),
      ...processed,
    ];
    return { results, lastSeq, changeSeq, changed: plan.changedAnything };
  }
}

/** A replay whose stored answer the client already acknowledged (and so released). */
const alreadyApplied = (operation: BatchOperation): OperationResult => ({
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
