import type { Gauge, Histogram } from 'prom-client';
import { EVENT_STREAM, REALTIME, type SessionEndReason } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import type { Notifier, NotifierMessage } from '../../lib/notifier.ts';
import type { ChangeAuthor } from '../changes/announced-transaction.ts';
import { changePosition } from '../changes/change-log.ts';
import { sessionEndReason } from '../sessions/session-service.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { readSince, readTransaction, type ChangeRow } from './change-reader.ts';
import { EventStream, sseMessage } from './event-stream.ts';

export interface EventHubOptions {
  pingIntervalMs: number;
  maxStreamsPerSession: number;
  /** Over all of one person's sessions, on this instance. */
  maxStreamsPerUser: number;
  replayLimit: number;
  /** Unsent bytes one connection may hold before it is cut. */
  maxBufferedBytes: number;
}

/** What the hub reports to /metrics: streams open now, and how long each fan-out took by phase. */
export interface EventHubMetrics {
  open: Gauge;
  fanOut: Histogram<'phase'>;
}

export const defaultEventHubOptions: EventHubOptions = {
  pingIntervalMs: REALTIME.pingIntervalMs,
  maxStreamsPerSession: EVENT_STREAM.maxStreamsPerSession,
  maxStreamsPerUser: EVENT_STREAM.maxStreamsPerUser,
  replayLimit: EVENT_STREAM.replayLimit,
  maxBufferedBytes: 64 * 1024,
};

const PING = sseMessage({ type: 'ping' });
/** The last words of a stream whose session ended: the page signs out at once rather than reconnecting. */
const sessionEnded = (reason: SessionEndReason) => sseMessage({ type: 'session.ended', reason });

/** Why `open` refused a stream: the session's own cap, or the person's over all their sessions. */
export type StreamRefusal = 'session' | 'user';

/**
 * This instance's open event streams. Each `changes` notification is read once here and the same text is
 * written to every stream; revocations close the session's streams at once; one timer pings every
 * stream and checks its session again (S25).
 */
export class EventHub {
  private readonly bySession = new Map<string, Set<EventStream>>();
  private readonly countByUser = new Map<string, number>();
  /** Reads run one after another, so streams see transactions in the order they were announced. */
  private reading: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    notifier: Notifier,
    private readonly store: SessionStore,
    private readonly metrics: EventHubMetrics,
    private readonly options: EventHubOptions,
    private readonly onError: (error: unknown) => void,
  ) {
    this.unsubscribe = notifier.subscribe((message) => this.onMessage(message));
    this.timer = setInterval(() => void this.heartbeat().catch(onError), options.pingIntervalMs);
    this.timer.unref();
  }

  /** A new stream for this session, or why not: the session, or the person, already holds the most it may. */
  open(session: { id: string; userId: string }, token: string): EventStream | StreamRefusal {
    const sessionId = session.id;
    const streams = this.bySession.get(sessionId) ?? new Set<EventStream>();
    if (streams.size >= this.options.maxStreamsPerSession) return 'session';
    const userCount = this.countByUser.get(session.userId) ?? 0;
    if (userCount >= this.options.maxStreamsPerUser) return 'user';
    const stream = new EventStream(
      sessionId,
      session.userId,
      token,
      this.options.maxBufferedBytes,
      (closed) => this.forget(closed),
    );
    streams.add(stream);
    this.bySession.set(sessionId, streams);
    this.countByUser.set(session.userId, userCount + 1);
    this.metrics.open.inc();
    return stream;
  }

  /**
   * Replays what changed from `fromSeq` on (a repeat is harmless), or one resync when that is older than
   * the tombstone horizon, ahead of the counter, or more than the replay bound. Live messages wait meanwhile.
   */
  async replay(stream: EventStream, fromSeq: number): Promise<void> {
    stream.holdLiveMessages();
    const position = await changePosition(this.db);
    const resync = sseMessage({ type: 'resync' }, position.value);
    try {
      if (fromSeq < position.horizon || fromSeq > position.value + 1) return stream.write(resync);
      const rows = await readSince(this.db, fromSeq, this.options.replayLimit + 1);
      if (rows.length > this.options.replayLimit) return stream.write(resync);
      stream.write(rows.map((row) => sseMessage(row.event, row.seq)).join(''));
    } finally {
      stream.releaseLiveMessages(resync);
    }
  }

  get maxStreamsPerUser(): number {
    return this.options.maxStreamsPerUser;
  }

  get openStreams(): number {
    let count = 0;
    for (const streams of this.bySession.values()) count += streams.size;
    return count;
  }

  /** The people who have a stream open on this instance. */
  get streamUsers(): string[] {
    return [...this.countByUser.keys()];
  }

  /** A message for one person's streams only (their notifications), not for everyone's. */
  sendToUser(userId: string, data: unknown): void {
    const text = sseMessage(data);
    for (const streams of this.bySession.values())
      for (const stream of streams)
        if (stream.userId === userId) stream.deliver(text, this.options.replayLimit);
  }

  /** Ends every stream cleanly (the clients reconnect, elsewhere if this instance is going away). */
  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const streams of [...this.bySession.values()]) for (const stream of [...streams]) stream.close();
  }

  private forget(stream: EventStream): void {
    const streams = this.bySession.get(stream.sessionId);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.bySession.delete(stream.sessionId);
    const userCount = (this.countByUser.get(stream.userId) ?? 1) - 1;
    if (userCount === 0) this.countByUser.delete(stream.userId);
    else this.countByUser.set(stream.userId, userCount);
    this.metrics.open.dec();
  }

  private onMessage(message: NotifierMessage): void {
    if (message.kind === 'sessions.revoked') {
      const last = sessionEnded(message.reason ?? 'revoked');
      for (const id of message.sessionIds)
        for (const stream of [...(this.bySession.get(id) ?? [])]) stream.end(last);
    } else if (message.kind === 'user.changed') {
      // A password change revokes sessions itself; other user changes only need the sessions re-read.
      void this.recheck((stream) => stream.userId === message.userId).catch(this.onError);
    } else if (this.bySession.size > 0 && message.kind === 'changes') {
      const readTimer = this.metrics.fanOut.startTimer({ phase: 'read' });
      this.enqueue(() =>
        this.fanOut(
          message.changeSeq,
          { actor: message.actor ?? null, device: message.device ?? null },
          readTimer,
        ),
      );
    } else if (this.bySession.size > 0 && message.kind === 'messages.lost') {
      this.enqueue(async () =>
        this.broadcast(sseMessage({ type: 'resync' }, (await changePosition(this.db)).value)),
      );
    }
  }

  private enqueue(work: () => Promise<void>): void {
    this.reading = this.reading.then(work).catch(this.onError);
  }

  /** One read per transaction for the whole instance; a transaction too large to list is a resync. */
  private async fanOut(changeSeq: number, author: ChangeAuthor, readTimer: () => number): Promise<void> {
    const rows: ChangeRow[] = await readTransaction(this.db, changeSeq, author, this.options.replayLimit + 1);
    readTimer();
    if (rows.length === 0) return;
    const text =
      rows.length > this.options.replayLimit
        ? sseMessage({ type: 'resync' }, changeSeq)
        : rows.map((row) => sseMessage(row.event, row.seq)).join('');
    const writeTimer = this.metrics.fanOut.startTimer({ phase: 'write' });
    this.broadcast(text);
    // Node corks each response's socket and sends on the next tick: the write ends once that ran.
    await new Promise(setImmediate);
    writeTimer();
  }

  private broadcast(text: string): void {
    for (const streams of this.bySession.values())
      for (const stream of streams) stream.deliver(text, this.options.replayLimit);
  }

  /** Pings first, so a database outage during the re-check never silences the streams. */
  private async heartbeat(): Promise<void> {
    for (const streams of this.bySession.values()) for (const stream of streams) stream.write(PING);
    await this.recheck(() => true);
  }

  /** Closes the streams whose session no longer authenticates (revoked, signed out, expired). */
  private async recheck(which: (stream: EventStream) => boolean): Promise<void> {
    const streams = [...this.bySession.values()].flatMap((set) => [...set]).filter(which);
    const byToken = new Map<string, EventStream[]>();
    for (const stream of streams) byToken.set(stream.token, [...(byToken.get(stream.token) ?? []), stream]);
    for (const [token, group] of byToken) {
      // A session that cannot be read now (database outage) keeps its stream: revocations still arrive.
      const session = await this.store
        .authenticate(token)
        .catch((error: unknown) => (this.onError(error), undefined));
      if (session !== null) continue;
      // Read why: a revocation committed here may reach this check before its own message does (the
      // notifier's round trip on PostgreSQL), and the page wipes its copy only for some reasons.
      const reason = await sessionEndReason(this.db, token).catch(() => null);
      for (const stream of group) stream.end(sessionEnded(reason ?? 'expired'));
    }
  }
}
