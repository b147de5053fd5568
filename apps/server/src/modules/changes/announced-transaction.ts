import type { Db, Tx } from '../../db/client.ts';
import type { Notifier } from '../../lib/notifier.ts';
import { nextChangeSeq } from './change-log.ts';

export type ChangeAnnouncer = Pick<Notifier, 'publishInTransaction'>;

/** For writers no live stream listens to (the demo seed, into an empty database before any server). */
export const silentAnnouncer: ChangeAnnouncer = { publishInTransaction: async () => async () => {} };

/**
 * A transaction that writes projects or tasks: it takes the next change sequence first (SYNC.md §2) and
 * announces it to every instance's event streams (§5): the notification leaves at commit, never for a
 * rollback, and the in-process emitter is called once the commit is done.
 */
export async function announcedTransaction<T>(
  db: Db,
  announcer: ChangeAnnouncer,
  actor: string | null,
  work: (tx: Tx, changeSeq: number) => Promise<T>,
): Promise<T> {
  const { value, afterCommit } = await db.transaction(async (tx) => {
    const changeSeq = await nextChangeSeq(tx);
    const result = await work(tx, changeSeq);
    return {
      value: result,
      afterCommit: await announcer.publishInTransaction(tx, { kind: 'changes', changeSeq, actor }),
    };
  });
  await afterCommit();
  return value;
}
