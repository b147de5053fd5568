import { and, asc, eq, isNull, max } from 'drizzle-orm';
import { AUDIT_TYPES, type AdminMember, type UpdateMemberRequest, type User } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { pendingLogins, sessions, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { RevocationReason } from '../../lib/notifier.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { queueWebhookEvents } from '../webhooks/webhook-events.ts';
import { revokeSessionsWhere, type SessionService } from '../sessions/session-service.ts';
import { revokeTokensOf } from '../api-tokens/token-service.ts';
import { deleteFeedOf } from '../calendar-feed/feed-service.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { eraseSecondFactors, lockUser } from '../two-factor/second-factor.ts';
import type { TwoFactorService } from '../two-factor/two-factor-service.ts';
import { presentAdminMember } from './member-directory.ts';
import { roleLabel } from './role-label.ts';

const lastAdmin = () =>
  new AppError(409, 'last_admin', 'The last active administrator cannot be demoted or deactivated');
const selfChange = () => new AppError(409, 'self_change', 'This change cannot be made to your own account');

/**
 * What an administrator does to other accounts: role, deactivation, 2FA reset. Each change is audited
 * in its transaction; revoked sessions leave every instance's cache after commit (S25).
 */
export class MemberAdminService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly store: SessionStore,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async update(
    admin: User,
    memberId: string,
    change: UpdateMemberRequest,
    actor: AuditActor,
  ): Promise<AdminMember> {
    if (change.active === false && memberId === admin.id) throw selfChange();
    const { member, revoked } = await this.db.transaction(async (tx) => {
      // Every active administrator's row is locked, always in the same order, so two administrators
      // demoting each other at once are serialised and the second sees there is only one left.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.deactivatedAt)))
        .orderBy(asc(users.id))
        .for('update');
      const row = await lockUser(tx, memberId);
      if (!row) throw notFound('Member');
      const wasActiveAdmin = row.role === 'admin' && row.deactivatedAt === null;
      const losesAdmin = (change.role !== undefined && change.role !== 'admin') || change.active === false;
      if (wasActiveAdmin && losesAdmin && admins.length <= 1) throw lastAdmin();

      const now = new Date();
      const who = `${row.username} <${row.email}>`;
      let revokedIds: string[] = [];
      if (change.role !== undefined && change.role !== row.role) {
        await tx.update(users).set({ role: change.role, updatedAt: now }).where(eq(users.id, row.id));
        await appendAudit(tx, {
          type: AUDIT_TYPES.memberRoleChanged,
          actor,
          outcome: 'success',
          resource: `user:${row.id}`,
          details: `Rôle de ${who} : ${roleLabel(row.role)} → ${roleLabel(change.role)}`,
          metadata: { from: row.role, to: change.role },
        });
      }
      if (change.active === false && row.deactivatedAt === null) {
        await tx.update(users).set({ deactivatedAt: now, updatedAt: now }).where(eq(users.id, row.id));
        revokedIds = await this.endEverySignIn(tx, row.id, 'deactivated');
        // Their scripts and calendar feed stop too: neither may outlive the person's access.
        const revokedTokens = await revokeTokensOf(tx, row.id, 'deactivated');
        await deleteFeedOf(tx, row.id);
        await appendAudit(tx, {
          type: AUDIT_TYPES.memberDeactivated,
          actor,
          outcome: 'success',
          resource: `user:${row.id}`,
          details: `${who} désactivé ; ${revokedIds.length} session(s) et ${revokedTokens} jeton(s) révoqué(s)`,
          metadata: { revokedTokens },
        });
      }
      if (change.active === true && row.deactivatedAt !== null) {
        await tx.update(users).set({ deactivatedAt: null, updatedAt: now }).where(eq(users.id, row.id));
        await appendAudit(tx, {
          type: AUDIT_TYPES.memberReactivated,
          actor,
          outcome: 'success',
          resource: `user:${row.id}`,
          details: `${who} réactivé`,
        });
      }
      const [updated] = await tx.select().from(users).where(eq(users.id, row.id));
      // A deactivated member has left the team; a reactivated one joins it again.
      if (change.active !== undefined && (row.deactivatedAt === null) !== change.active)
        await queueWebhookEvents(
          tx,
          [{ type: change.active ? 'member.joined' : 'member.left', data: webhookMember(updated!) }],
          now,
        );
      const [activity] = await tx
        .select({ at: max(sessions.lastActiveAt) })
        .from(sessions)
        .where(eq(sessions.userId, row.id));
      return { member: presentAdminMember(updated!, activity?.at ?? null), revoked: revokedIds };
    });
    // Sessions are revoked here only by a deactivation: their streams end saying so.
    await this.announce(memberId, revoked, 'deactivated');
    return member;
  }

  /**
   * Erases a member's second factor after the administrator proves it is them with their own current
   * code (a step-up: a stolen session alone cannot strip someone's 2FA). The code goes through the one
   * wrong-code counter of the administrator's account (decision 0022): refused while it is locked, the
   * fifth wrong one locks it and revokes the session. The member enrols again at their next sign-in,
   * forced when they are an administrator.
   */
  async resetTwoFactor(
    admin: User,
    sessionId: string,
    memberId: string,
    code: string,
    actor: AuditActor,
  ): Promise<void> {
    if (memberId === admin.id) throw selfChange();
    // A passkey-only administrator (decision 0037), or one whose phone is lost, confirms with a backup code.
    const proof = { code, orBackupCode: true as const };
    const revoked = await this.twoFactor.withCurrentFactor(
      admin,
      sessionId,
      proof,
      actor,
      async (tx) => {
        const [row] = await tx.select().from(users).where(eq(users.id, memberId));
        if (!row) throw notFound('Member');
        await eraseSecondFactors(tx, row.id);
        const ended = await this.endEverySignIn(tx, row.id, 'two_factor_reset');
        await appendAudit(tx, {
          type: AUDIT_TYPES.memberTwoFactorReset,
          actor,
          outcome: 'success',
          resource: `user:${row.id}`,
          details: `2FA de ${row.username} <${row.email}> réinitialisée ; ${ended.length} session(s) révoquée(s)`,
        });
        return ended;
      },
      // The member's row is locked with the administrator's, in id order: two resetting each other wait.
      { alsoLock: memberId },
    );
    await this.announce(memberId, revoked, 'revoked');
  }

  /** Sessions and sign-ins waiting for their second factor both end. */
  private async endEverySignIn(
    tx: Tx,
    userId: string,
    reason: 'deactivated' | 'two_factor_reset',
  ): Promise<string[]> {
    await tx.delete(pendingLogins).where(eq(pendingLogins.userId, userId));
    return revokeSessionsWhere(tx, { userId }, reason);
  }

  /**
   * After commit: revoked sessions leave every cache, and cached copies of the user are read again,
   * on this instance at once (the next request must not act with the old role) and on the others
   * when the notification arrives.
   */
  private async announce(userId: string, revoked: string[], reason: RevocationReason): Promise<void> {
    await this.sessions.announceRevoked(revoked, reason);
    await this.store.userChanged(userId);
  }
}

/** A member in a webhook's body: as the members directory shows them to an administrator. */
export const webhookMember = (row: typeof users.$inferSelect) => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
  active: row.deactivatedAt === null,
});
