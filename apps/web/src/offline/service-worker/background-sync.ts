import { SERVICE_WORKER } from '@jalon/contract/plain';
import { contractChecks, SyncClient } from '@jalon/sync';
import { openOfflineStore } from '../indexeddb-store.ts';
import { senderLockName, type SyncMessage } from '../sender-lock.ts';
import { workerTransports } from './fetch-transports.ts';
import type { WorkerSession } from './messages.ts';

export type BackgroundSyncTag = (typeof SERVICE_WORKER.tags)[keyof typeof SERVICE_WORKER.tags];

export const isBackgroundSyncTag = (tag: string): tag is BackgroundSyncTag =>
  Object.values<string>(SERVICE_WORKER.tags).includes(tag);

/** `navigator.locks` as the worker uses it: take the sender lock only if no tab holds it. */
export interface WorkerLocks {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: object | null) => Promise<T>,
  ): Promise<T>;
}

export interface BackgroundSyncDeps {
  locks: WorkerLocks;
  openStore?: typeof openOfflineStore;
  /** Tells the user's open tabs (their BroadcastChannel) that the store changed. */
  announce?: (userId: string, message: SyncMessage) => void;
  now?: () => number;
}

/**
 * What a background-sync event came to: `signed-out` (no tab handed a session since the worker started),
 * `tab-is-sending` (a tab holds the sender lock and does the work), `no-device` (this user's offline copy
 * was never opened by a tab), or the sync core's own answer.
 */
export type BackgroundSyncOutcome = 'signed-out' | 'tab-is-sending' | 'no-device' | 'unavailable' | 'done';

/** Thrown so the browser fires the tag again later (with its own backoff), as for a network error. */
export class BackgroundSyncFailed extends Error {}

function broadcast(userId: string, message: SyncMessage): void {
  const channel = new BroadcastChannel(senderLockName(userId));
  channel.postMessage(message);
  channel.close();
}

/**
 * One background-sync event in the service worker: the outbox tag sends the
 * user's pending edits, the data tag catches up. The worker is one more sender for the user's Web Lock,
 * never a second one at the same time: it takes the lock only when it is free (a tab holding it is
 * already sending, and keeps it while it lives), and while it holds it the tabs wait their turn.
 */
export async function runBackgroundSync(
  tag: BackgroundSyncTag,
  session: WorkerSession | null,
  { locks, openStore = openOfflineStore, announce = broadcast, now = Date.now }: BackgroundSyncDeps,
): Promise<BackgroundSyncOutcome> {
  if (session === null) return 'signed-out';
  const { userId } = session;
  return locks.request(senderLockName(userId), { ifAvailable: true }, async (lock) => {
    if (lock === null) return 'tab-is-sending';
    const opened = await openStore(userId);
    if (opened.status !== 'ready') return 'unavailable';
    try {
      // The device is registered by a tab's engine; the worker never makes up a clientId of its own.
      if ((await opened.store.atomically((tx) => tx.getMeta())) === null) return 'no-device';
      const client = await SyncClient.open({
        store: opened.store,
        userId,
        now,
        newId: () => crypto.randomUUID(),
        // No page, so no checking worker: the service worker checks the answers itself.
        checks: contractChecks,
      });
      const { send, pull } = workerTransports(session);
      if (tag === SERVICE_WORKER.tags.outbox) {
        // The browser fires the tag when the network is back: a tab's backoff from before must not hold
        // this send back, or the event would end 'done' with the edits still waiting.
        await client.retryNow();
        const result = await client.flush(send);
        if (result.status === 'failed') throw new BackgroundSyncFailed('The outbox could not be sent');
        if (result.status === 'sent') announce(userId, 'changed');
      } else {
        const result = await client.pull(pull);
        if (result.status === 'failed')
          throw new BackgroundSyncFailed('The catch-up failed', { cause: result.error });
        if (result.status === 'pulled') announce(userId, result.changed ? 'changed' : 'synced');
      }
      return 'done';
    } finally {
      opened.store.close();
    }
  });
}
