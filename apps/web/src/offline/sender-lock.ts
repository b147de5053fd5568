import {
  joinTabLeader,
  openBroadcastChannel,
  type LockRequester,
  type TabChannel,
} from '../lib/tab-leader.ts';

/**
 * What the tabs of one user tell each other: `changed` (an answer or a pull was stored: re-read the store),
 * `edited` (an edit was recorded: the sender sends it at once), `synced` (a pull reached the server and
 * moved nothing the store held: re-read it, but the server's data did not change).
 */
export type SyncMessage = 'changed' | 'edited' | 'synced';

export type { LockRequester };

/** A BroadcastChannel reduced to what is used here (a test's fake otherwise). */
export type SyncChannel = TabChannel<SyncMessage>;

export interface SenderLockOptions {
  userId: string;
  /** This tab became the sender: start sending. Returns what stops it (sign-out, the tab closing). */
  lead: () => () => void;
  /** What another tab of this user said. */
  onMessage: (message: SyncMessage) => void;
  /** `navigator.locks` by default; absent in old browsers and insecure contexts. */
  locks?: LockRequester | undefined;
  openChannel?: (name: string) => SyncChannel | undefined;
}

export interface SenderLock {
  isSender(): boolean;
  /** Tells the other tabs of this user. */
  announce(message: SyncMessage): void;
  /** Stops sending (or leaves the queue) and lets the next tab take over. */
  release(): void;
}

export const senderLockName = (userId: string): string => `jalon-sync:${userId}`;

const isSyncMessage = (data: unknown): data is SyncMessage =>
  data === 'changed' || data === 'edited' || data === 'synced';

const openSyncChannel = (name: string) => openBroadcastChannel(name, isSyncMessage);

/**
 * One sender per user and browser. Every tab asks for the same Web Lock and waits in its
 * queue; the holder sends, and keeps the lock until it releases it or dies (the browser then hands the lock
 * to the next tab, which resends the same `seq`s from the shared store). Without Web Locks this tab sends
 * on its own: should a second tab do the same, the numbering in one IndexedDB transaction and the server's
 * replay answers still apply each operation once; only "one batch in flight" is lost.
 */
export function joinSenderLock({
  userId,
  lead,
  onMessage,
  locks = navigator.locks,
  openChannel = openSyncChannel,
}: SenderLockOptions): SenderLock {
  const leader = joinTabLeader({
    name: senderLockName(userId),
    lead: () => lead(),
    onMessage,
    locks,
    openChannel,
  });
  return { isSender: leader.isLeader, announce: leader.post, release: leader.release };
}
