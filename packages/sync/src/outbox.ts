import type { SyncEntity, SyncOp } from '@jalon/contract';
import { jsonEqual } from './json-equal.ts';
import type { Fields } from './merge.ts';
import { namesEntity } from './references.ts';

/**
 * `pending`: not numbered yet, may still merge with a later edit. `sent`: numbered, its answer not yet
 * stored (in flight, or to resend with the same `seq`). `acked`: applied by the server, kept as an overlay
 * until a pull's `lastSeq` covers it, so the edit never flickers back. Held is not a state: it follows from open conflicts.
 */
export type EntryState = 'pending' | 'sent' | 'acked';

/** One outbox entry; `seq` is assigned when it is first sent and never changes after. */
export interface OutboxEntry {
  /** Local key, in creation order: stable across merges, for storage and for the UI's waiting badge. */
  localId: number;
  entity: SyncEntity;
  op: SyncOp;
  /** The entity's id, `tmp-<uuid>` until the server has created it. */
  id: string;
  /** The version the edit started from (0 for a create). */
  baseVersion: number;
  data: Fields;
  /** `patch` only: the values the person saw for exactly the fields in `data`. */
  base?: Fields;
  seq?: number;
  /** The device's clock, for display only: the server's time is the only one that counts. */
  createdAt: string;
  state: EntryState;
  /** `acked`: the version the server answered (absent for `already_applied`, whose result was released). */
  ackedVersion?: number;
}

/** An edit as the client records it, before the outbox decides whether it merges with an earlier one. */
export type NewEntry = Omit<OutboxEntry, 'seq' | 'state' | 'ackedVersion'>;

const isCreate = (entry: OutboxEntry) => entry.op === 'upsert' && entry.baseVersion === 0;

/**
 * Records an edit. An unnumbered entry on the same entity absorbs it when the result means the same
 * thing: patch+patch (one patch, `base` keeping the earliest value seen per field), create+patch (one
 * create), patch+delete (one delete from the first entry's version), create+delete (both vanish: the
 * server never hears of it). Fields a patch sets back to the value it started from are dropped, so what
 * is sent is only what the person changed. Merging moves the later edit up to the earlier entry's place,
 * so it is refused when an entry in between is named by the edit (created after the earlier entry) or,
 * for a delete, names the entity (it needs it to exist).
 */
export function addEdit(outbox: readonly OutboxEntry[], edit: NewEntry): OutboxEntry[] {
  const index = outbox.findLastIndex((entry) => entry.entity === edit.entity && entry.id === edit.id);
  const previous = outbox[index];
  if (!previous || !canAbsorb(previous, edit) || !canMoveUp(outbox.slice(index + 1), edit))
    return appended(outbox, edit);
  const merged = mergeEntries(previous, edit);
  return [...outbox.slice(0, index), ...(merged ? [merged] : []), ...outbox.slice(index + 1)];
}

function appended(outbox: readonly OutboxEntry[], edit: NewEntry): OutboxEntry[] {
  const entry = withoutNoOps({ ...edit, state: 'pending' });
  return entry ? [...outbox, entry] : [...outbox];
}

function canAbsorb(previous: OutboxEntry, edit: NewEntry): boolean {
  return previous.seq === undefined && previous.op !== 'delete' && edit.op !== 'upsert';
}

function canMoveUp(between: readonly OutboxEntry[], edit: NewEntry): boolean {
  return between.every(
    (entry) =>
      !namesEntity(edit.data, entry.id) && !(edit.op === 'delete' && namesEntity(entry.data, edit.id)),
  );
}

/** The earlier entry with the edit folded in, or null when together they amount to nothing. */
function mergeEntries(previous: OutboxEntry, edit: NewEntry): OutboxEntry | null {
  if (edit.op === 'delete') {
    if (isCreate(previous)) return null;
    const { base: _seen, ...rest } = previous;
    return { ...rest, op: 'delete', data: {} };
  }
  const data = { ...previous.data, ...edit.data };
  if (isCreate(previous)) return { ...previous, data };
  return withoutNoOps({ ...previous, data, base: { ...edit.base, ...previous.base } });
}

/** A patch keeps only the fields whose value differs from its base; with none left it is dropped. */
function withoutNoOps(entry: OutboxEntry): OutboxEntry | null {
  if (entry.op !== 'patch' || !entry.base) return entry;
  const base = entry.base;
  const changed = Object.keys(entry.data).filter(
    (field) => !(field in base) || !jsonEqual(entry.data[field], base[field]),
  );
  if (changed.length === 0) return null;
  const pick = (fields: Fields) =>
    Object.fromEntries(changed.filter((field) => field in fields).map((field) => [field, fields[field]]));
  // What is left may be only fields never seen: then there is no base at all (the server refuses an empty one).
  const { base: _seen, ...rest } = entry;
  const seen = pick(base);
  return Object.keys(seen).length > 0
    ? { ...rest, data: pick(entry.data), base: seen }
    : { ...rest, data: pick(entry.data) };
}
