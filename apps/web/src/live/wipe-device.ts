import { writeStored } from '../lib/storage.ts';

/** The last time this person was up to date on this device, for the digest. */
export const seenKey = (userId: string): string => `live-seen:${userId}`;

/**
 * Leaves nothing of a user on the device: their offline database (every tab closes it when it is
 * deleted) and what the live updates kept. For a revoked session (issue 12) and for sign-out's 'Abandonner'.
 */
export async function wipeDevice(userId: string): Promise<void> {
  writeStored(seenKey(userId), null);
  // The store's module is loaded here only when a wipe happens: the signed-in shell must not wait for it (issue 17).
  await import('../offline/indexeddb-store.ts')
    .then(({ deleteOfflineStore }) => deleteOfflineStore(userId))
    .catch((error: unknown) => console.warn('The offline database was not deleted', error));
}
