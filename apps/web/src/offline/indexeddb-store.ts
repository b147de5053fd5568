import type { SyncEntity } from '@jalon/contract';
import { STORAGE_PREFIX, SYNC } from '@jalon/contract/plain';
import type { Row, SyncMeta, SyncStore, SyncTransaction } from '@jalon/sync';
import {
  deleteDatabase,
  inTransaction,
  openDatabase,
  type Database,
  type ReadWriteTransaction,
  type StoreSchema,
} from './indexeddb.ts';
import type { KeptValues } from './members-copy.ts';
import { readOrderedList, writeOrderedList } from './ordered-list.ts';

/** One key/value record of the meta store: the sync bookkeeping and the cursors. */
interface MetaRecord {
  key: string;
  value: unknown;
}

const META_KEY = 'sync';
const cursorKey = (entity: SyncEntity) => `cursor:${entity}`;

/**
 * The device's stores as the sync core uses them. Edits waiting to be sent are the outbox's
 * unnumbered entries (auto `localId`, `createdAt`): one store, so an edit has one write path. The key
 * paths and indexes are those Dexie made until decision 0044, so the databases it made open as they are.
 */
const ROW_STORES = {
  project: { name: 'projects', indexes: ['version', 'updatedAt', 'status'] },
  label: { name: 'labels', indexes: [] },
  task: { name: 'tasks', indexes: ['project', 'status', 'version', 'updatedAt'] },
  comment: { name: 'comments', indexes: ['taskId'] },
} as const satisfies Record<SyncEntity, { name: string; indexes: string[] }>;
/** Each kind's rows (the one list of the kinds a device stores, above), then the sync core's own stores. */
const SCHEMA: Record<string, StoreSchema> = {
  ...Object.fromEntries(
    Object.values(ROW_STORES).map(({ name, indexes }) => [name, { keyPath: 'id', indexes: [...indexes] }]),
  ),
  outbox: { keyPath: 'localId', indexes: ['order'] },
  conflicts: { keyPath: 'id', indexes: ['order'] },
  meta: { keyPath: 'key', indexes: [] },
};
const STORES = Object.keys(SCHEMA);

/** Dexie opened IndexedDB at ten times its schema's version: the same number opens the databases it made. */
const DATABASE_VERSION = SYNC.offlineDbVersion * 10;

/** The database of one user: signing in as someone else never opens another user's data. */
const offlineDatabaseName = (userId: string): string => `${STORAGE_PREFIX}${userId}`;

/**
 * What opening the user's database gave. `unavailable` (private mode, storage disabled, quota) is the
 * no-op mode: the app says so once and keeps working online, reading the server as it did before.
 */
export type OfflineStoreResult =
  | { status: 'ready'; store: IndexedDbStore }
  | { status: 'unavailable'; reason: 'quota' | 'refused'; error: unknown };

/** Deletes the person's copy and outbox from this device (sign-out's 'Abandonner'). */
export const deleteOfflineStore = (userId: string): Promise<void> =>
  deleteDatabase(offlineDatabaseName(userId));

export async function openOfflineStore(userId: string): Promise<OfflineStoreResult> {
  try {
    const db = await openDatabase(offlineDatabaseName(userId), DATABASE_VERSION, SCHEMA);
    return { status: 'ready', store: new IndexedDbStore(db) };
  } catch (error) {
    const quota = error instanceof DOMException && error.name === 'QuotaExceededError';
    return { status: 'unavailable', reason: quota ? 'quota' : 'refused', error };
  }
}

/**
 * `SyncStore` over IndexedDB: each `atomically` is one read-write transaction over every store, so an
 * answer, a pull page or an edit lands whole or not at all, even when the tab dies halfway.
 */
export class IndexedDbStore implements SyncStore, KeptValues {
  constructor(private readonly db: Database) {}

  atomically<T>(work: (tx: SyncTransaction) => Promise<T>): Promise<T> {
    return inTransaction(this.db, STORES, (transaction) => work(syncTransaction(transaction)));
  }

  /** A value the app keeps beside the sync core's own (the members directory), in the meta store. */
  readKept(key: string): Promise<unknown> {
    return inTransaction(
      this.db,
      ['meta'],
      async (transaction) =>
        ((await transaction.objectStore('meta').get(`kept:${key}`)) as MetaRecord | undefined)?.value ?? null,
    );
  }

  keep(key: string, value: unknown): Promise<void> {
    return inTransaction(this.db, ['meta'], async (transaction) => {
      await transaction.objectStore('meta').put({ key: `kept:${key}`, value } satisfies MetaRecord);
    });
  }

  /** Sign-out, or a test's "reload": the next open reads the same database again. */
  close(): void {
    this.db.close();
  }
}

function syncTransaction(transaction: ReadWriteTransaction): SyncTransaction {
  const store = (name: string) => transaction.objectStore(name);
  const rows = (entity: SyncEntity) => store(ROW_STORES[entity].name);
  const read = async <T>(key: string): Promise<T | null> =>
    (((await store('meta').get(key)) as MetaRecord | undefined)?.value as T | undefined) ?? null;
  const write = async (key: string, value: unknown): Promise<void> =>
    void (await store('meta').put({ key, value } satisfies MetaRecord));
  return {
    getMeta: () => read<SyncMeta>(META_KEY),
    setMeta: (meta) => write(META_KEY, meta),
    getRows: (entity) => rows(entity).getAll() as Promise<Row[]>,
    getRow: async (entity, id) => ((await rows(entity).get(id)) as Row | undefined) ?? null,
    putRows: async (entity, list) => void (await Promise.all(list.map((row) => rows(entity).put(row)))),
    deleteRows: async (entity, ids) => void (await Promise.all(ids.map((id) => rows(entity).delete(id)))),
    clearRows: async (entity) => void (await rows(entity).clear()),
    getCursor: (entity) => read<string>(cursorKey(entity)),
    setCursor: (entity, cursor) => write(cursorKey(entity), cursor),
    getOutbox: () => readOrderedList(store('outbox')),
    setOutbox: (entries) => writeOrderedList(store('outbox'), (entry) => entry.localId, entries),
    getConflicts: () => readOrderedList(store('conflicts')),
    setConflicts: (records) => writeOrderedList(store('conflicts'), (record) => record.id, records),
  };
}
