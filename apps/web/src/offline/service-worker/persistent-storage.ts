import { isOfflineSyncEnabled } from '../build-flag.ts';

let asked: Promise<boolean> | null = null;

/**
 * Asks once per page for persistent storage (`navigator.storage.persist()`), so the browser does not evict
 * the offline copy and its unsent edits under storage pressure. Called after sign-in: Chromium answers from
 * the site's engagement without a prompt, Firefox may ask the person. Answers whether storage is persistent.
 */
export function requestPersistentStorage(
  storage: StorageManager | undefined = navigator.storage,
): Promise<boolean> {
  if (!isOfflineSyncEnabled() || typeof storage?.persist !== 'function') return Promise.resolve(false);
  asked ??= storage
    .persisted()
    .then((persisted) => persisted || storage.persist())
    .catch(() => false);
  return asked;
}
