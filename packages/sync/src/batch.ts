import { SYNC, type SyncOperation } from '@jalon/contract';
import type { OutboxEntry } from './outbox.ts';

export interface BatchOptions {
  /** The highest `seq` this device ever assigned: numbers are never reused. */
  lastSeq: number;
  limit?: number;
  /** Entries waiting on an open conflict (see `heldBy`): left unnumbered. */
  isHeld?: (entry: OutboxEntry) => boolean;
}

export interface Batch {
  outbox: OutboxEntry[];
  operations: SyncOperation[];
  /** The new highest assigned `seq`. */
  lastSeq: number;
}

/**
 * The next batch to send. Entries already sent but unanswered go first, with their own `seq`s (a resend
 * is answered from the server's stored results, never applied twice); then unsent, unheld entries are
 * numbered consecutively in outbox order, up to `limit` operations, ending early before an entry that needs
 * the answer of an earlier one. The caller stores the returned outbox
 * (numbers assigned) in the same transaction that records the new `lastSeq`, before sending, and keeps at
 * most one batch in flight (`SyncClient` does). No operation: nothing to send.
 */
export function takeBatch(
  outbox: readonly OutboxEntry[],
  { lastSeq, limit = SYNC.batchSize, isHeld = () => false }: BatchOptions,
): Batch {
  const resend = outbox.filter((entry) => entry.state === 'sent').sort((a, b) => a.seq! - b.seq!);
  const unanswered = new Set(resend.map(entityKey));
  let next = lastSeq;
  let room = limit - resend.length;
  const numbered = outbox.map((entry) => {
    if (room <= 0 || entry.state !== 'pending' || isHeld(entry)) return entry;
    if (needsVersionOf(entry, unanswered)) room = 0;
    if (room <= 0) return entry;
    room -= 1;
    next += 1;
    unanswered.add(entityKey(entry));
    return { ...entry, seq: next, state: 'sent' as const };
  });
  const sending = [...resend.slice(0, limit), ...numbered.filter((entry, index) => entry !== outbox[index])];
  return { outbox: numbered, operations: sending.map(toOperation), lastSeq: next };
}

const entityKey = (entry: OutboxEntry) => `${entry.entity}:${entry.id}`;

/**
 * A delete (or a whole-row upsert) must name the version it deletes, which an unanswered earlier write on
 * the same entity is about to change: the batch ends before it, and the answer gives it that version. A
 * patch with `base` does not wait, since the merge rule judges it by its fields whatever the version.
 */
function needsVersionOf(entry: OutboxEntry, unanswered: ReadonlySet<string>): boolean {
  return !(entry.op === 'patch' && entry.base) && unanswered.has(entityKey(entry));
}

function toOperation(entry: OutboxEntry): SyncOperation {
  return {
    seq: entry.seq!,
    entity: entry.entity,
    op: entry.op,
    id: entry.id,
    version: entry.baseVersion,
    data: entry.data,
    ...(entry.base && { base: entry.base }),
  };
}
