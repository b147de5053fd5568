import { isOfflineSyncEnabled } from './build-flag.ts';
import { openOfflineStore } from './indexeddb-store.ts';
import { membersCopy } from './members-copy.ts';
import { SyncEngine } from './sync-engine.ts';
import { fetchPullPage, sendBatch } from './transports.ts';

/**
 * The engine of the signed-in person: over their IndexedDB database in the shipped build; over memory when
 * the build flag is off, or when IndexedDB refuses to open (the no-op mode, which the snapshot says).
 */
export async function openEngine(userId: string, offlineSync = isOfflineSyncEnabled()): Promise<SyncEngine> {
  const transports = { userId, sendBatch, fetchPage: fetchPullPage };
  if (!offlineSync) return SyncEngine.inMemory(transports);
  const opened = await openOfflineStore(userId);
  if (opened.status === 'unavailable') {
    console.warn('Offline storage unavailable, working online only', opened.error);
    return SyncEngine.inMemory({ ...transports, storageUnavailable: opened.reason });
  }
  return SyncEngine.start({
    ...transports,
    store: opened.store,
    storage: 'indexeddb',
    close: () => opened.store.close(),
    members: membersCopy(opened.store),
    kept: opened.store,
  });
}
