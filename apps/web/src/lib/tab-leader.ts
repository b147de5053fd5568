/** The part of `navigator.locks` used here. */
export interface LockRequester {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<void>;
}

/** A BroadcastChannel reduced to what is used here (a test's fake otherwise). */
export interface TabChannel<M> {
  post(message: M): void;
  subscribe(listener: (message: M) => void): void;
  close(): void;
}

/** A real BroadcastChannel that passes on only what `isMessage` recognises; none in old browsers. */
export function openBroadcastChannel<M>(
  name: string,
  isMessage: (data: unknown) => data is M,
): TabChannel<M> | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    subscribe: (listener) =>
      channel.addEventListener('message', (event) => isMessage(event.data) && listener(event.data)),
    close: () => channel.close(),
  };
}

export interface TabLeaderOptions<M> {
  /** The Web Lock's name, also the channel's. */
  name: string;
  /** This tab leads now. `post` tells the other tabs; returns what stops leading. */
  lead: (post: (message: M) => void) => () => void;
  /** What another tab said. */
  onMessage: (message: M) => void;
  locks: LockRequester | undefined;
  openChannel: (name: string) => TabChannel<M> | undefined;
}

export interface TabLeader<M> {
  isLeader(): boolean;
  /** Tells the other tabs. */
  post(message: M): void;
  /** Stops leading (or leaves the queue) and lets the next tab take over. */
  release(): void;
}

/**
 * One leading tab per lock name: every tab asks for the same Web Lock and waits in its queue; the holder
 * leads and keeps the lock until it releases it or dies (the browser then hands the lock to the next tab).
 * Without Web Locks this tab leads on its own; each caller says why that is still safe.
 */
export function joinTabLeader<M>({
  name,
  lead,
  onMessage,
  locks,
  openChannel,
}: TabLeaderOptions<M>): TabLeader<M> {
  const channel = openChannel(name);
  channel?.subscribe(onMessage);
  const post = (message: M) => channel?.post(message);
  const queue = new AbortController();
  let stopLeading: (() => void) | null = null;
  let releaseLock = () => {};

  if (!locks) stopLeading = lead(post);
  else
    locks
      .request(name, { signal: queue.signal }, () => {
        // Granted just as this tab released it: hand it straight on.
        if (queue.signal.aborted) return Promise.resolve();
        stopLeading = lead(post);
        return new Promise<void>((resolve) => (releaseLock = resolve));
      })
      // Released while still waiting in the queue: the request is aborted, which is what was asked.
      .catch(() => undefined);

  return {
    isLeader: () => stopLeading !== null,
    post,
    release() {
      queue.abort();
      stopLeading?.();
      stopLeading = null;
      releaseLock();
      channel?.close();
    },
  };
}
