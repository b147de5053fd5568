import { REALTIME } from '@jalon/contract/plain';
import type { ChangeEvent, NotificationStreamEvent, SessionEndReason } from '@jalon/contract';
import { reconnectDelay } from './reconnect-delay.ts';

/** The realtime connection as the screens show it. */
export type ConnectionState =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'reconnecting'; attempt: number }
  | { kind: 'gave-up' }
  /** The session ended (revoked, deactivated, signed out, expired): the page signs out, nothing reconnects. */
  | { kind: 'revoked'; reason: SessionEndReason | null };

/** What a stream message may say; anything else is logged and ignored. */
export type LiveEvent = ChangeEvent | NotificationStreamEvent | { type: 'resync' };

/** The stream's last message when its session ended (the server closes it right after). */
interface SessionEnded {
  type: 'session.ended';
  reason: SessionEndReason;
}

/** The part of EventSource used here (a test's fake otherwise). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

/** What the session check said after a stream error: still valid, ended (and why, when it says), or no answer. */
export type SessionCheck =
  { kind: 'valid' } | { kind: 'ended'; reason: SessionEndReason | null } | { kind: 'unknown' };

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
  'label.created',
  'label.updated',
  'label.deleted',
  'task.created',
  'task.updated',
  'task.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
]);

const END_REASONS = new Set<unknown>(['revoked', 'deactivated', 'signed_out', 'expired']);

/** Reads one message; a ping is null, anything unreadable is logged and null. */
export function parseLiveEvent(text: string): LiveEvent | SessionEnded | null {
  try {
    const value = JSON.parse(text) as {
      type?: unknown;
      id?: unknown;
      projectId?: unknown;
      reason?: unknown;
      unread?: unknown;
    };
    if (value.type === 'ping') return null;
    if (value.type === 'resync') return { type: 'resync' };
    if (
      value.type === 'notification.created' &&
      typeof value.id === 'string' &&
      typeof value.unread === 'number'
    )
      return value as NotificationStreamEvent;
    if (value.type === 'session.ended' && END_REASONS.has(value.reason)) return value as SessionEnded;
    if (
      typeof value.type === 'string' &&
      CHANGE_TYPES.has(value.type) &&
      typeof value.id === 'string' &&
      // A label belongs to no project: its events say `projectId: null`.
      (typeof value.projectId === 'string' || (value.projectId === null && value.type.startsWith('label.')))
    )
      return value as ChangeEvent;
  } catch {
    // Logged below, like an unknown type.
  }
  console.warn('Message du flux en direct ignoré', text);
  return null;
}

/**
 * One EventSource on `/api/events`, reconnected on our schedule (reconnect-delay.ts): the browser's own retry is
 * replaced by ours (closed at the first error) so that the delays, the attempt count and the give-up are
 * the product's. Each error also asks the API whether the session still holds (the check also gives the
 * stream its cookie back): an ended session ends it all, as does the stream's own `session.ended`.
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
      if (event?.type === 'session.ended') end(event.reason);
      else if (event) options.onEvent(event);
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
      if (check.kind === 'ended') end(check.reason);
    });
    if (attempt >= REALTIME.maxAttempts) return setState({ kind: 'gave-up' });
    attempt += 1;
    setState({ kind: 'reconnecting', attempt });
    retry = setTimeout(connect, reconnectDelay(attempt, options.random));
  }

  function stop(): void {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(watchdog);
    source?.close();
    source = null;
  }

  function end(reason: SessionEndReason | null): void {
    if (stopped) return;
    setState({ kind: 'revoked', reason });
    stop();
  }

  setState({ kind: 'connecting' });
  connect();
  return { stop };
}
