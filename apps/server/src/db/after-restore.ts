import { isNull } from 'drizzle-orm';
import { renewDatabaseEpoch } from '../modules/changes/change-log.ts';
import type { Db } from './client.ts';
import { pendingLogins, sessions } from './schema.ts';

/**
 * What a restored database needs before it serves again; `npm run restore` calls it once, on the
 * restored data. A backup may be days old: a session revoked since (a stolen phone, a password reset)
 * is live again in it, so every session and half-done sign-in ends and everyone signs in afresh.
 * The database epoch is renewed too (docs/sync-protocol.md, "The epoch"), so that offline devices notice the rewind: their
 * cursors, signed with the old epoch, ask for a full read instead of trusting a future the database no
 * longer has.
 */
export async function afterRestore(db: Db): Promise<{ sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'restored' })
      .where(isNull(sessions.revokedAt))
      .returning({ id: sessions.id });
    await tx.delete(pendingLogins);
    await renewDatabaseEpoch(tx);
    return { sessionsEnded: ended.length };
  });
}
