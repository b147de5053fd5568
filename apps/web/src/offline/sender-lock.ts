/**
 * What the tabs of one user tell each other: `changed` (an answer or a pull was stored: re-read the store),
 * `edited` (an edit was recorded: the sender sends it at once).
 */
export type SyncMessage = 'changed' | 'edited';

/** The part of `navigator.locks` used here. */
export interface LockRequester {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<void>;
}

/** A BroadcastChannel reduced to what is used here (a test's fake otherwise). */
export interface SyncChannel {
  post(message: SyncMessage): void;
  subscribe(listener: (message: SyncMessage) => void): void;
  close(): void;
}

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

const isSyncMessage = (data: unknown): data is SyncMessage => data === 'changed' || data === 'edited';

function openBroadcastChannel(name: string): SyncChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    subscribe: (listener) =>
      channel.addEventListener('message', (event) => isSyncMessage(event.data) && listener(event.data)),
    close: () => channel.close(),
  };
}

/**
 * One sender per user and browser (SYNC.md §6). Every tab asks for the same Web Lock and waits in its
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
  openChannel = openBroadcastChannel,
}: SenderLockOptions): SenderLock {
  const name = senderLockName(userId);
  const channel = openChannel(name);
  channel?.subscribe(onMessage);
  const queue = new AbortController();
  let stopLeading: (() => void) | null = null;
  let releaseLock = () => {};

  if (!locks) stopLeading = lead();
  else
    locks
      .request(name, { signal: queue.signal }, () => {
        // Granted just as this tab released it: hand it straight on.
        if (queue.signal.aborted) return Promise.resolve();
        stopLeading = lead();
        return new Promise<void>((resolve) => (releaseLock = resolve));
      })
      // Released while still waiting in the queue: the request is aborted, which is what was asked.
      .catch(() => undefined);

  return {
    isSender: () => stopLeading !== null,
    announce: (message) => channel?.post(message),
    release() {
      queue.abort();
      stopLeading?.();
      stopLeading = null;
      releaseLock();
      channel?.close();
    },
  };
}
