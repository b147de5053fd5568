import { Dexie, type Table } from 'dexie';
import type { SyncEntity } from '@jalon/contract';
import { STORAGE_PREFIX, SYNC } from '@jalon/contract/plain';
import type { ConflictRecord, OutboxEntry, Row, SyncMeta, SyncStore, SyncTransaction } from '@jalon/sync';
import { readOrderedList, writeOrderedList, type Ordered } from './ordered-list.ts';

/** One key/value record of the meta store (SPEC §3 "Meta store"): the sync bookkeeping and the cursors. */
interface MetaRecord {
  key: string;
  value: unknown;
}

const META_KEY = 'sync';
const cursorKey = (entity: SyncEntity) => `cursor:${entity}`;

/**
 * The stores of SPEC §3 as the sync core uses them. SPEC's "pending offline actions" are the outbox's
 * unnumbered entries (auto `localId`, `createdAt`): one table, so an edit has one write path.
 */
class OfflineDatabase extends Dexie {
  declare readonly tasks: Table<Row, string>;
  declare readonly projects: Table<Row, string>;
  declare readonly outbox: Table<Ordered<OutboxEntry>, number>;
  declare readonly conflicts: Table<Ordered<ConflictRecord>, string>;
  declare readonly meta: Table<MetaRecord, string>;

  constructor(name: string) {
    super(name);
    this.version(SYNC.offlineDbVersion).stores({
      tasks: 'id, project, status, version, updatedAt',
      projects: 'id, version, updatedAt, status',
      outbox: 'localId, order',
      conflicts: 'id, order',
      meta: 'key',
    });
  }

  rows(entity: SyncEntity): Table<Row, string> {
    return entity === 'task' ? this.tasks : this.projects;
  }
}

/** The database of one user (SYNC.md §6): signing in as someone else never opens another user's data. */
const offlineDatabaseName = (userId: string): string => `${STORAGE_PREFIX}${userId}`;

/**
 * What opening the user's database gave. `unavailable` (private mode, storage disabled, quota) is SPEC §4's
 * no-op mode: the app says so once and keeps working online, reading the server as it did before.
 */
export type OfflineStoreResult =
  | { status: 'ready'; store: DexieStore }
  | { status: 'unavailable'; reason: 'quota' | 'refused'; error: unknown };

/** Deletes the person's copy and outbox from this device (sign-out's 'Abandonner'). */
export async function deleteOfflineStore(userId: string): Promise<void> {
  await Dexie.delete(offlineDatabaseName(userId));
}

export async function openOfflineStore(userId: string): Promise<OfflineStoreResult> {
  const db = new OfflineDatabase(offlineDatabaseName(userId));
  try {
    await db.open();
    return { status: 'ready', store: new DexieStore(db) };
  } catch (error) {
    return { status: 'unavailable', reason: isQuotaError(error) ? 'quota' : 'refused', error };
  }
}

// Dexie names its errors after the DOMException it wraps, and keeps that one as `inner` when opening fails.
const isQuotaError = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'QuotaExceededError' || (error as { inner?: Error }).inner?.name === 'QuotaExceededError');

/**
 * `SyncStore` over IndexedDB: each `atomically` is one read-write Dexie transaction over every table, so
 * an answer, a pull page or an edit lands whole or not at all, even when the tab dies halfway.
 */
export class DexieStore implements SyncStore {
  constructor(private readonly db: OfflineDatabase) {}

  atomically<T>(work: (tx: SyncTransaction) => Promise<T>): Promise<T> {
    const { db } = this;
    return db.transaction('rw', [db.tasks, db.projects, db.outbox, db.conflicts, db.meta], () =>
      work(transaction(db)),
    );
  }

  /** Sign-out, or a test's "reload": the next open reads the same database again. */
  close(): void {
    this.db.close();
  }
}

function transaction(db: OfflineDatabase): SyncTransaction {
  const read = async <T>(key: string): Promise<T | null> =>
    ((await db.meta.get(key))?.value as T | undefined) ?? null;
  const write = async (key: string, value: unknown): Promise<void> =>
    void (await db.meta.put({ key, value }));
  return {
    getMeta: () => read<SyncMeta>(META_KEY),
    setMeta: (meta) => write(META_KEY, meta),
    getRows: (entity) => db.rows(entity).toArray(),
    // A Dexie promise, not an async function's: awaiting anything else inside a transaction commits it early.
    getRow: (entity, id) => db.rows(entity).get(id).then((row) => row ?? null),
    putRows: async (entity, rows) => void (await db.rows(entity).bulkPut([...rows])),
    deleteRows: (entity, ids) => db.rows(entity).bulkDelete([...ids]),
    clearRows: (entity) => db.rows(entity).clear(),
    getCursor: (entity) => read<string>(cursorKey(entity)),
    setCursor: (entity, cursor) => write(cursorKey(entity), cursor),
    getOutbox: () => readOrderedList(db.outbox),
    setOutbox: (entries) => writeOrderedList(db.outbox, (entry) => entry.localId, entries),
    getConflicts: () => readOrderedList(db.conflicts),
    setConflicts: (records) => writeOrderedList(db.conflicts, (record) => record.id, records),
  };
}
