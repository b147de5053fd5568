import { eq } from 'drizzle-orm';
import { AUDIT_TYPES } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { pendingLogins, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '../../lib/password.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { revokeSessionsWhere, type SessionService } from '../sessions/session-service.ts';
import type { ActiveSession } from '../sessions/session-store.ts';

/**
 * A signed-in person changes their password (/me). The current password is required, so a borrowed
 * unlocked tab cannot take the account over; every other session and pending sign-in ends (S25), the
 * session in hand stays. Failures are audited too: a run of them is someone guessing.
 */
export async function changePassword(
  db: Db,
  sessions: SessionService,
  current: ActiveSession,
  input: { currentPassword: string; newPassword: string },
  actor: AuditActor,
): Promise<number> {
  const userId = current.user.id;
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await db.transaction((tx) =>
      appendAudit(tx, {
        type: AUDIT_TYPES.passwordChangeFailed,
        actor,
        outcome: 'failure',
        resource: `user:${userId}`,
        details: 'Changement de mot de passe refusé : mot de passe actuel incorrect',
      }),
    );
    throw new AppError(400, 'wrong_current_password', 'The current password is wrong', {
      errors: [{ path: 'currentPassword', message: 'wrong' }],
    });
  }
  assertAcceptablePassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    const ids = await revokeSessionsWhere(tx, { userId, exceptSessionId: current.id }, 'password_changed');
    await tx.delete(pendingLogins).where(eq(pendingLogins.userId, userId));
    await appendAudit(tx, {
      type: AUDIT_TYPES.passwordChanged,
      actor,
      outcome: 'success',
      resource: `user:${userId}`,
      details: `Mot de passe modifié ; ${ids.length} autre(s) session(s) révoquée(s)`,
      metadata: { revokedSessions: ids.length },
    });
    return ids;
  });
  await sessions.announceRevoked(revoked);
  return revoked.length;
}
