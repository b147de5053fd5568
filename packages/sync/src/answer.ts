import { stripTmpPrefix, type SyncBatchResponse } from '@jalon/contract';
import { conflictRecord, type ConflictRecord } from './conflict-record.ts';
import type { OutboxEntry } from './outbox.ts';
import { renameInFields } from './references.ts';

export interface AnswerState {
  outbox: readonly OutboxEntry[];
  conflicts: readonly ConflictRecord[];
  clientId: string;
  /** The highest `seq` whose answer is stored on the device (sent as `ackedThrough`). */
  ackedThrough: number;
}

export interface AnsweredState {
  outbox: OutboxEntry[];
  conflicts: ConflictRecord[];
  ackedThrough: number;
  /** `tmp-` ids the server created under their real id, for the app to rewrite its open routes. */
  renamed: Array<{ tmpId: string; id: string }>;
}

/**
 * Applies a 200 batch answer, to be stored in one transaction: applied entries become
 * `acked` overlays with their new version; a conflicting entry is consumed and becomes a conflict record
 * (`already_applied` is not a conflict: the server applied it and has released the result, so it is
 * acked without a version); created rows take their real id in every entry and record that named them.
 * Entries the answer does not mention stay `sent`, to be resent.
 */
export function applyAnswer(state: AnswerState, answer: SyncBatchResponse, now: string): AnsweredState {
  const applied = new Map(answer.applied.map((result) => [result.seq, result]));
  const conflicting = new Map(answer.conflicts.map((result) => [result.seq, result]));
  const records = [...state.conflicts];
  let answered = 0;
  let outbox: OutboxEntry[] = [];
  for (const entry of state.outbox) {
    const seq = entry.state === 'sent' ? entry.seq! : undefined;
    const result = seq === undefined ? undefined : applied.get(seq);
    const conflict = seq === undefined ? undefined : conflicting.get(seq);
    if (result || conflict?.reason === 'already_applied') {
      outbox.push({ ...entry, state: 'acked', ...(result && { ackedVersion: result.version }) });
    } else if (conflict) {
      const record = conflictRecord({ ...entry, seq: seq! }, conflict, state.clientId, now);
      if (!records.some((existing) => existing.id === record.id)) records.push(record);
    } else {
      outbox.push(entry);
      continue;
    }
    answered = Math.max(answered, seq!);
  }
  let conflicts = records;
  const renamed = answer.applied
    .filter((result) => result.tmpId)
    .map((result) => ({ tmpId: result.tmpId!, id: stripTmpPrefix(result.tmpId!) }));
  for (const { tmpId, id } of renamed) {
    outbox = outbox.map((entry) => renameEntry(entry, tmpId, id));
    conflicts = conflicts.map((record) => renameRecord(record, tmpId, id));
  }
  outbox = outbox.map((entry) => caughtUp(entry, answer));
  return { outbox, conflicts, ackedThrough: Math.max(state.ackedThrough, answered), renamed };
}

function renameEntry(entry: OutboxEntry, from: string, to: string): OutboxEntry {
  const renamed = {
    ...entry,
    id: entry.id === from ? to : entry.id,
    data: renameInFields(entry.data, from, to),
  };
  return entry.base ? { ...renamed, base: renameInFields(entry.base, from, to) } : renamed;
}

function renameRecord(record: ConflictRecord, from: string, to: string): ConflictRecord {
  return {
    ...record,
    entityId: record.entityId === from ? to : record.entityId,
    originalData: renameInFields(record.originalData, from, to),
  };
}

/**
 * An unsent edit made on top of this device's own write, answered now, started from the version that
 * write produced, provided nobody else wrote in between (the answer is one above, or it was a create):
 * otherwise it keeps its older version and the server's rules judge it (a patch merges by `base`, a delete
 * at a stale version conflicts).
 */
function caughtUp(entry: OutboxEntry, answer: SyncBatchResponse): OutboxEntry {
  if (entry.state !== 'pending') return entry;
  const own = answer.applied.filter(
    (result) => result.entity === entry.entity && result.id === stripTmpPrefix(entry.id),
  );
  const baseVersion = own.reduce(
    (version, result) =>
      result.tmpId !== undefined || result.version === version + 1 ? result.version : version,
    entry.baseVersion,
  );
  return baseVersion === entry.baseVersion ? entry : { ...entry, baseVersion };
}

/**
 * A 409 `out_of_order`: the server's `lastSeq` is below this batch's first `seq`. Nothing is
 * renumbered. Entries above `lastSeq` that were acked are no longer known to the server (it was restored
 * from a backup), so they are sent again with the same `seq`s; entries at or below `lastSeq` that are
 * still `sent` stay `sent`: resending them is answered from the server's stored results (or
 * `already_applied`), which gives them their result. Returns null when a `seq` between `lastSeq + 1` and
 * the lowest one left to send is no longer on the device (dropped after an earlier pull): only a
 * renumbering could close that gap, which this protocol forbids, so the caller pauses.
 */
export function applyOutOfOrder(outbox: readonly OutboxEntry[], lastSeq: number): OutboxEntry[] | null {
  const reset = outbox.map((entry) =>
    entry.state === 'acked' && entry.seq! > lastSeq ? unacked(entry) : entry,
  );
  const unanswered = reset.filter((entry) => entry.state === 'sent').map((entry) => entry.seq!);
  if (unanswered.length === 0) return reset;
  return Math.min(...unanswered) <= lastSeq + 1 ? reset : null;
}

function unacked({ ackedVersion: _forgotten, ...entry }: OutboxEntry): OutboxEntry {
  return { ...entry, state: 'sent' };
}
