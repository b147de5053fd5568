import type { SyncEntity } from '@jalon/contract';
import type { ConflictRecord } from './conflict-record.ts';
import type { Fields } from './merge.ts';
import type { OutboxEntry } from './outbox.ts';

/**
 * A row as the device holds it: a server row (`Task`, `Project` of the contract) in the store, or in a
 * view a row with this device's edits replayed on top (a create shows only the fields it was given).
 */
export type Row = Fields & { id: string; version: number; deletedAt?: string | null };

/** Why sending stopped until someone acts: 401, or a refusal that retrying cannot cure. */
export type PauseReason =
  'unauthorized' | 'out_of_order' | 'wrong_user' | 'upgrade_required' | 'client_unknown' | 'refused';

/** The device's sync bookkeeping, kept with the data so that a crash loses nothing. */
export interface SyncMeta {
  clientId: string;
  userId: string;
  /** The highest `seq` ever assigned (numbers are never reused). */
  lastSeq: number;
  /** The highest `seq` whose answer is stored here: the server may release results up to it. */
  ackedThrough: number;
  /** The next outbox `localId`. */
  nextLocalId: number;
  /** Consecutive failed sends (network, 5xx, 429) and when the next may start (ms since epoch). */
  failures: number;
  nextAttemptAt: number | null;
  paused: PauseReason | null;
  /**
   * Rises with each transaction that changes the stored rows (a pull page, a conflict settled with the
   * server's row), so that whoever keeps rows read earlier knows when they are older than the outbox it
   * reads now. Absent (0) in a store written before it.
   */
  rowsRevision?: number;
}

/**
 * What the sync core needs from storage (IndexedDB in the browser, memory in tests). Every read and write
 * goes through `atomically`, whose function runs as one transaction: all its writes land, or none do. The
 * function awaits only the transaction's own methods, so an IndexedDB transaction stays open throughout.
 */
export interface SyncStore {
  atomically<T>(work: (tx: SyncTransaction) => Promise<T>): Promise<T>;
}

export interface SyncTransaction {
  /** Null before the first use of this store (then `SyncClient.open` writes it). */
  getMeta(): Promise<SyncMeta | null>;
  setMeta(meta: SyncMeta): Promise<void>;
  /** Server rows of an entity, tombstones excluded. */
  getRows(entity: SyncEntity): Promise<Row[]>;
  /** One server row (a tombstone included), without reading the others: an edit touches one row. */
  getRow(entity: SyncEntity, id: string): Promise<Row | null>;
  putRows(entity: SyncEntity, rows: readonly Row[]): Promise<void>;
  deleteRows(entity: SyncEntity, ids: readonly string[]): Promise<void>;
  clearRows(entity: SyncEntity): Promise<void>;
  /** The server's opaque delta cursor for an entity, null before the first full read. */
  getCursor(entity: SyncEntity): Promise<string | null>;
  setCursor(entity: SyncEntity, cursor: string | null): Promise<void>;
  /** The outbox in its order (the order operations are numbered and sent in). */
  getOutbox(): Promise<OutboxEntry[]>;
  setOutbox(entries: readonly OutboxEntry[]): Promise<void>;
  getConflicts(): Promise<ConflictRecord[]>;
  setConflicts(records: readonly ConflictRecord[]): Promise<void>;
}
