import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { syncClients, syncResults } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { BatchPlan, CommentRow, OperationResult } from './batch-plan.ts';
import { uuidArray } from './table-columns.ts';

/** A device's row (docs/sync-protocol.md, "Devices and their sequence"), locked for the batch: one batch per device at a time. */
export interface SyncClientState {
  id: string;
  lastSeq: number;
}

const refused = (code: 'client_unknown' | 'out_of_order', detail: string, lastSeq?: number) =>
  new AppError(409, code, detail, lastSeq === undefined ? {} : { lastSeq });

/**
 * Locks the device's row, or registers a new device to this user. A device the server does not know
 * is new only if it starts from the beginning: one that sends later numbers was removed after 90 days
 * unused, and must start over (409 `client_unknown`). Another user's device: 403.
 */
export async function lockSyncClient(
  tx: Tx,
  clientId: string,
  userId: string,
  firstSeq: number | undefined,
  ackedThrough: number,
): Promise<SyncClientState> {
  const [row] = await tx.select().from(syncClients).where(eq(syncClients.id, clientId)).for('update');
  if (row) {
    if (row.userId !== userId)
      throw new AppError(403, 'forbidden', 'This device is registered to another user');
    return { id: row.id, lastSeq: row.lastSeq };
  }
  if ((firstSeq ?? 1) !== 1 || ackedThrough > 0)
    throw refused('client_unknown', 'This device is unknown here: read everything again and start from 1');
  await tx.insert(syncClients).values({ id: clientId, userId });
  return { id: clientId, lastSeq: 0 };
}

/**
 * A gap in the numbering, after the device's last processed operation or between two operations of the
 * batch, refuses the whole batch, nothing consumed: the device resends from `lastSeq + 1`.
 */
export function assertInOrder(client: SyncClientState, seqs: number[]): void {
  const gap = seqs.some((seq, index) =>
    index === 0 ? seq > client.lastSeq + 1 : seq !== seqs[index - 1]! + 1,
  );
  if (gap)
    throw refused('out_of_order', `Operations must continue from ${client.lastSeq + 1}`, client.lastSeq);
}

/** The stored answers of operations already processed; a released one is missing from the map. */
export async function storedResults(
  tx: Tx,
  clientId: string,
  seqs: number[],
): Promise<Map<number, OperationResult>> {
  if (seqs.length === 0) return new Map();
  const rows = await tx
    .select({ seq: syncResults.seq, result: syncResults.result })
    .from(syncResults)
    .where(and(eq(syncResults.clientId, clientId), inArray(syncResults.seq, seqs)));
  return new Map(rows.map((row) => [row.seq, row.result as OperationResult]));
}

/**
 * Records what this batch processed, in the transaction of its effects: the answers (for replays),
 * the new `lastSeq`, and the release of answers the client acknowledged.
 */
export async function recordProcessed(
  tx: Tx,
  client: SyncClientState,
  results: Array<{ seq: number; result: OperationResult }>,
  ackedThrough: number,
  now: Date,
): Promise<number> {
  const lastSeq = Math.max(client.lastSeq, ...results.map((entry) => entry.seq));
  if (results.length > 0)
    await tx
      .insert(syncResults)
      .values(results.map((entry) => ({ clientId: client.id, seq: entry.seq, result: entry.result })));
  await tx.update(syncClients).set({ lastSeq, lastSeenAt: now }).where(eq(syncClients.id, client.id));
  if (ackedThrough > 0)
    await tx
      .delete(syncResults)
      .where(and(eq(syncResults.clientId, client.id), lte(syncResults.seq, Math.min(ackedThrough, lastSeq))));
  return lastSeq;
}

/**
 * A deleted comment's text leaves the stored answers too: a conflict kept for a replay holds the row as the
 * server had it and the data the device sent. Those answers keep their reason, without either. `which`:
 * the comments this plan deleted, or every deleted one it read (an edit answered `deleted` holds text too).
 */
export async function forgetDeletedComments(
  tx: Tx,
  plan: BatchPlan,
  which: 'deleted now' | 'read deleted' = 'deleted now',
): Promise<void> {
  const rows = plan.rowsOf<CommentRow>('comment');
  const ids = [...(which === 'deleted now' ? plan.changed('comment') : rows.keys())].filter(
    (id) => rows.get(id)?.deletedAt,
  );
  if (ids.length === 0) return;
  await tx.execute(sql`
    update sync_results
       set result = jsonb_set(jsonb_set(result, '{conflict,server}', 'null'), '{conflict,client}', '{}')
     where result->'conflict'->>'entity' = 'comment'
       and result->'conflict'->>'id' = any(${uuidArray(ids)}::text[])`);
}

/** The `lastSeq` of a user's device, for pulls (null when the device is unknown or another user's). */
export async function lastSeqOf(tx: Tx, clientId: string, userId: string): Promise<number | null> {
  const [row] = await tx
    .select({ lastSeq: syncClients.lastSeq })
    .from(syncClients)
    .where(and(eq(syncClients.id, clientId), eq(syncClients.userId, userId)));
  return row?.lastSeq ?? null;
}
