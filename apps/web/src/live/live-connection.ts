import { REALTIME } from '@jalon/contract/plain';
import type { ChangeEvent } from '@jalon/contract';
import { reconnectDelay } from './reconnect-delay.ts';

/** The realtime connection as the screens show it (SPEC §4 "Realtime connection"). */
export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'reconnecting'; attempt: number }
  | { kind: 'gave-up' }
  /** The session was revoked, signed out or expired: the device's data is wiped, nothing reconnects. */
  | { kind: 'revoked' };

/** What a stream message may say; anything else is logged and ignored (SPEC §7). */
export type LiveEvent = ChangeEvent | { type: 'resync' };

/** The part of EventSource used here (a test's fake otherwise). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type SessionCheck = 'valid' | 'revoked' | 'unknown';

export interface LiveConnectionOptions {
  url: string;
  onState: (state: ConnectionState) => void;
  onEvent: (event: LiveEvent) => void;
  /** The stream is open; `reconnected` after an interruption (what was missed must be read again). */
  onOpen: (reconnected: boolean) => void;
  /** Asks the API whether the session still holds (the stream itself cannot tell a 401 from an outage). */
  checkSession: () => Promise<SessionCheck>;
  open?: (url: string) => EventSourceLike;
  random?: () => number;
  /** No message (not even a ping) for this long: the connection is dead even if no error came. */
  silenceMs?: number;
}

const openEventSource = (url: string): EventSourceLike => new EventSource(url, { withCredentials: true });

const CHANGE_TYPES = new Set([
  'project.created',
  'project.updated',
  'project.deleted',
  'task.created',
  'task.updated',
  'task.deleted',
]);

/** Reads one message; a ping is null, anything unreadable is logged and null. */
export function parseLiveEvent(text: string): LiveEvent | null {
  try {
    const value = JSON.parse(text) as { type?: unknown; id?: unknown; projectId?: unknown };
    if (value.type === 'ping') return null;
    if (value.type === 'resync') return { type: 'resync' };
    if (
      typeof value.type === 'string' &&
      CHANGE_TYPES.has(value.type) &&
      typeof value.id === 'string' &&
      typeof value.projectId === 'string'
    )
      return value as ChangeEvent;
  } catch {
    // Logged below, like an unknown type.
  }
  console.warn('Message du flux en direct ignoré', text);
  return null;
}

/**
 * One EventSource on `/api/events`, reconnected exactly as SPEC §9 says: the browser's own retry is
 * replaced by ours (closed at the first error) so that the delays, the attempt count and the give-up are
 * the product's. Each error also asks the API whether the session still holds: a 401 there ends it all.
 */
export function connectLive(options: LiveConnectionOptions): { stop(): void } {
  const open = options.open ?? openEventSource;
  const silenceMs = options.silenceMs ?? 2 * REALTIME.pingIntervalMs + 10_000;
  let source: EventSourceLike | null = null;
  let attempt = 0;
  let opened = false;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;

  const setState = (state: ConnectionState): void => {
    if (!stopped) options.onState(state);
  };
  const watch = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(fail, silenceMs);
  };

  function connect(): void {
    if (stopped) return;
    const current = open(options.url);
    source = current;
    current.onopen = () => {
      if (source !== current) return;
      attempt = 0;
      setState({ kind: 'connected' });
      options.onOpen(opened);
      opened = true;
      watch();
    };
    current.onmessage = (message) => {
      if (source !== current) return;
      watch();
      const event = parseLiveEvent(message.data);
      if (event) options.onEvent(event);
    };
    current.onerror = () => {
      if (source === current) fail();
    };
  }

  function fail(): void {
    clearTimeout(watchdog);
    source?.close();
    source = null;
    if (stopped) return;
    void options.checkSession().then((check) => {
      if (check !== 'revoked' || stopped) return;
      clearTimeout(retry);
      setState({ kind: 'revoked' });
      stopped = true;
    });
    if (attempt >= REALTIME.maxAttempts) return setState({ kind: 'gave-up' });
    attempt += 1;
    setState({ kind: 'reconnecting', attempt });
    retry = setTimeout(connect, reconnectDelay(attempt, options.random));
  }

  setState({ kind: 'connecting' });
  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(watchdog);
      source?.close();
      source = null;
    },
  };
}
