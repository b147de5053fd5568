import { deleteDB, openDB, type IDBPDatabase, type IDBPObjectStore, type IDBPTransaction } from 'idb';

/**
 * The IndexedDB calls the offline store needs, through `idb` (decision 0067): requests as promises, and a
 * transaction's end as `done`. Inside a transaction, await only the store's calls: a promise of anything
 * else lets the transaction commit before the next call, which then fails.
 */

export type Database = IDBPDatabase;
export type ReadWriteTransaction = IDBPTransaction<unknown, string[], 'readwrite'>;
/** An object store of a read-write transaction, named `Name`. */
export type ReadWriteStore<Name extends string = string> = IDBPObjectStore<
  unknown,
  string[],
  Name,
  'readwrite'
>;

/** One object store: its key path, and the fields it is indexed by. */
export interface StoreSchema {
  keyPath: string;
  indexes: readonly string[];
}

/**
 * Opens `name` at `version`, making what `schema` lists and the database lacks. A database that another
 * tab asks to delete or upgrade is closed here at once, so that this tab never blocks it.
 */
export async function openDatabase(
  name: string,
  version: number,
  schema: Readonly<Record<string, StoreSchema>>,
): Promise<Database> {
  const db: Database = await openDB(name, version, {
    upgrade(opened, _oldVersion, _newVersion, transaction) {
      for (const [storeName, { keyPath, indexes }] of Object.entries(schema)) {
        const store = opened.objectStoreNames.contains(storeName)
          ? transaction.objectStore(storeName)
          : opened.createObjectStore(storeName, { keyPath });
        for (const index of indexes) if (!store.indexNames.contains(index)) store.createIndex(index, index);
      }
    },
    blocking: () => db.close(),
  });
  return db;
}

export const deleteDatabase = (name: string): Promise<void> => deleteDB(name);

/**
 * Runs `work` in one read-write transaction over `stores`: it lands whole when `work` resolves, and not at
 * all when it throws (the transaction is aborted) or when the tab dies halfway.
 */
export async function inTransaction<T>(
  db: Database,
  stores: readonly string[],
  work: (transaction: ReadWriteTransaction) => Promise<T>,
): Promise<T> {
  const transaction = db.transaction([...stores], 'readwrite');
  let result: T;
  try {
    result = await work(transaction);
  } catch (error) {
    try {
      transaction.abort();
    } catch {
      // Already finished (it committed early, or a failed call aborted it): nothing to undo.
    }
    await transaction.done.catch(() => undefined);
    throw error;
  }
  // Nothing more will be asked: commit now rather than when the browser notices.
  transaction.commit?.();
  await transaction.done;
  return result;
}
