/**
 * The few IndexedDB calls the offline store needs, as promises (decision 0044: IndexedDB itself, without
 * Dexie). Inside a transaction, await only these: a promise of anything else lets the transaction commit
 * before the next call, which then fails.
 */

export const request = <T>(pending: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    pending.onsuccess = () => resolve(pending.result);
    pending.onerror = () => reject(pending.error);
  });

/** One object store: its key path, and the fields it is indexed by. */
export interface StoreSchema {
  keyPath: string;
  indexes: readonly string[];
}

/**
 * Opens `name` at `version`, making what `schema` lists and the database lacks. A database that another
 * tab asks to delete or upgrade is closed here at once, so that this tab never blocks it.
 */
export function openDatabase(
  name: string,
  version: number,
  schema: Readonly<Record<string, StoreSchema>>,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(name, version);
    opening.onupgradeneeded = () => {
      const db = opening.result;
      for (const [storeName, { keyPath, indexes }] of Object.entries(schema)) {
        const store = db.objectStoreNames.contains(storeName)
          ? opening.transaction!.objectStore(storeName)
          : db.createObjectStore(storeName, { keyPath });
        for (const index of indexes) if (!store.indexNames.contains(index)) store.createIndex(index, index);
      }
    };
    opening.onsuccess = () => {
      const db = opening.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    opening.onerror = () => reject(opening.error);
  });
}

export const deleteDatabase = (name: string): Promise<void> =>
  request(indexedDB.deleteDatabase(name)).then(() => undefined);

/**
 * Runs `work` in one read-write transaction over `stores`: it lands whole when `work` resolves, and not at
 * all when it throws (the transaction is aborted) or when the tab dies halfway.
 */
export async function inTransaction<T>(
  db: IDBDatabase,
  stores: readonly string[],
  work: (transaction: IDBTransaction) => Promise<T>,
): Promise<T> {
  const transaction = db.transaction(stores, 'readwrite');
  const finished = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () =>
      reject(transaction.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
  let result: T;
  try {
    result = await work(transaction);
  } catch (error) {
    try {
      transaction.abort();
    } catch {
      // Already finished (it committed early, or a failed call aborted it): nothing to undo.
    }
    await finished.catch(() => undefined);
    throw error;
  }
  // Nothing more will be asked: commit now rather than when the browser notices.
  transaction.commit?.();
  await finished;
  return result;
}
