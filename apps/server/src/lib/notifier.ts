import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { SessionEndReason } from '@jalon/contract';
import type { Database, Tx } from '../db/client.ts';
import { ChannelListener } from './channel-listener.ts';

/**
 * Messages between server instances: session revocations now, data-change events later. With PGlite
 * there is one process, so an in-process emitter suffices; with PostgreSQL every instance LISTENs on
 * one channel and NOTIFY reaches them all (docs/decisions/0003).
 */
export interface Notifier {
  publish(message: NotifierMessage): Promise<void>;
  /**
   * Publishes from inside a writing transaction, so the message leaves at commit and never for a rollback
   * (PostgreSQL's NOTIFY); the returned function finishes the job after commit (the in-process emitter).
   */
  publishInTransaction(tx: Tx, message: NotifierMessage): Promise<() => Promise<void>>;
  subscribe(listener: (message: NotifierMessage) => void): () => void;
  close(): Promise<void>;
}

/** Why sessions were revoked, as their event streams' last message says it. */
export type RevocationReason = Exclude<SessionEndReason, 'expired'>;

export type NotifierMessage =
  /** `reason` says why, for the streams that end with it (absent: a revocation like any other). */
  | { kind: 'sessions.revoked'; sessionIds: string[]; reason?: RevocationReason }
  | { kind: 'user.changed'; userId: string }
  /** Projects or tasks changed in the transaction of this change sequence (docs/sync-protocol.md, "Events"). */
  | {
      kind: 'changes';
      changeSeq: number;
      /** The user who wrote them, when one did. */
      actor?: string | null;
      /** The device (sync client id) whose batch wrote them: its tabs have the change already. */
      device?: string | null;
    }
  /** The listener lost its connection for a while: anything published meanwhile never arrived here. */
  | { kind: 'messages.lost' };

const CHANNEL = 'jalon_events';

export async function createNotifier(
  database: Database,
  onError: (error: unknown) => void,
): Promise<Notifier> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const subscribe = (listener: (message: NotifierMessage) => void) => {
    emitter.on('message', listener);
    return () => void emitter.off('message', listener);
  };
  if (!database.listenerConfig) {
    const publish = async (message: NotifierMessage) => void emitter.emit('message', message);
    return {
      publish,
      publishInTransaction: async (_tx, message) => () => publish(message),
      subscribe,
      close: async () => void emitter.removeAllListeners(),
    };
  }
  const listener = new ChannelListener(database.listenerConfig, CHANNEL, {
    onPayload: (payload) => {
      try {
        emitter.emit('message', JSON.parse(payload) as NotifierMessage);
      } catch (error) {
        onError(error);
      }
    },
    onResumed: () => emitter.emit('message', { kind: 'messages.lost' } satisfies NotifierMessage),
    onError,
  });
  await listener.start();
  return {
    publish: async (message) => {
      await database.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
    },
    publishInTransaction: async (tx, message) => {
      await tx.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`);
      return async () => {};
    },
    subscribe,
    close: async () => {
      emitter.removeAllListeners();
      await listener.close();
    },
  };
}
