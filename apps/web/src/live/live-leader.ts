import {
  joinTabLeader,
  openBroadcastChannel,
  type LockRequester,
  type TabChannel,
} from '../lib/tab-leader.ts';
import type { ConnectionState, LiveEvent } from './live-connection.ts';

/** What the tab holding the stream tells the others, and what a tab joining asks. */
export type LiveMessage =
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'state'; state: ConnectionState }
  | { kind: 'opened'; reconnected: boolean }
  | { kind: 'hello' };

/** A BroadcastChannel reduced to what is used here (a test's fake otherwise). */
export type LiveChannel = TabChannel<LiveMessage>;

export interface LiveLeaderOptions {
  userId: string;
  /** This tab holds the stream now. `post` tells the other tabs; returns what stops it. */
  lead: (post: (message: LiveMessage) => void) => () => void;
  /** What the leading tab said (or, in the leader, what a tab joining asked). */
  onMessage: (message: LiveMessage) => void;
  locks?: LockRequester | undefined;
  openChannel?: (name: string) => LiveChannel | undefined;
}

export const liveLockName = (userId: string): string => `jalon-live:${userId}`;

const KINDS = new Set(['event', 'state', 'opened', 'hello']);
const isLiveMessage = (data: unknown): data is LiveMessage =>
  typeof data === 'object' && data !== null && KINDS.has((data as { kind?: unknown }).kind as string);

const openLiveChannel = (name: string) => openBroadcastChannel(name, isLiveMessage);

/**
 * One event stream per user and browser (issue 12): every tab queues for the same Web Lock; the holder
 * opens the EventSource and relays what it hears on a BroadcastChannel; when it closes, the browser hands
 * the lock to the next tab, which opens its own stream (a reconnect: it reads what it missed). Without
 * Web Locks each tab holds its own stream, which the server's per-session cap still bounds.
 */
export function joinLiveLeader({
  userId,
  lead,
  onMessage,
  locks = typeof navigator === 'undefined' ? undefined : navigator.locks,
  openChannel = openLiveChannel,
}: LiveLeaderOptions): { isLeader(): boolean; post(message: LiveMessage): void; release(): void } {
  return joinTabLeader({ name: liveLockName(userId), lead, onMessage, locks, openChannel });
}
