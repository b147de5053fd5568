import type { Db, Tx } from '../../db/client.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { nextChangeSeq } from './change-log.ts';

export type ChangeAnnouncer = Pick<Notifier, 'publishInTransaction'>;

/** Who wrote a transaction's changes, as its event says: the user, and the device when a batch wrote them. */
export interface ChangeAuthor {
  actor: string | null;
  device: string | null;
}

/** For writers no live stream listens to (the demo seed, into an empty database before any server). */
export const silentAnnouncer: ChangeAnnouncer = { publishInTransaction: async () => async () => {} };

/**
 * A transaction that writes projects or tasks: it takes the next change sequence first (docs/sync-protocol.md) and
 * announces it to every instance's event streams (§5): the notification leaves at commit, never for a
 * rollback, and the in-process emitter is called once the commit is done. `changedAnything` lets a
 * writer that may change nothing (a sync batch of replays or conflicts) stay silent.
 */
export async function announcedTransaction<T>(
  db: Db,
  announcer: ChangeAnnouncer,
  author: ChangeAuthor,
  work: (tx: Tx, changeSeq: number) => Promise<T>,
  changedAnything: (result: T) => boolean = () => true,
): Promise<T> {
  const { value, afterCommit } = await db.transaction(async (tx) => {
    const changeSeq = await nextChangeSeq(tx);
    const result = await work(tx, changeSeq);
    const announce = changedAnything(result)
      ? await announcer.publishInTransaction(tx, { kind: 'changes', changeSeq, ...author })
      : null;
    return { value: result, afterCommit: announce };
  });
  await afterCommit?.();
  return value;
}
