import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { AUDIT_TYPES, type LoginResult, type TwoFactorSetup, type TwoFactorStatus, type User } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { backupCodes, pendingLogins, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Notifier } from '../../lib/notifier.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { Lockout } from '../auth/lockout.ts';
import { lockedError } from '../auth/login-service.ts';
import { openSession } from '../auth/open-session.ts';
import type { PendingLogin } from '../auth/pending-logins.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { toPublicUser } from '../users/user-service.ts';
import { consumeBackupCode, consumeTotp, lockUser, remainingBackupCodes, replaceBackupCodes } from './second-factor.ts';

const MAX_CODE_ATTEMPTS_PER_PENDING = 5;
const isTotp = (code: string) => /^[0-9]{6}$/.test(code);
const invalidCode = () => new AppError(400, 'invalid_code', 'The code is not valid');

/**
 * Two-factor authentication: enrolment, the sign-in step, disabling and backup codes. Every change is
 * audited as `security.*` in the transaction that makes it (S16).
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly store: SessionStore,
    private readonly lockout: Lockout,
    private readonly notifier: Notifier,
  ) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const [row] = await this.db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
    const remaining = row?.enabled ? await remainingBackupCodes(this.db, userId) : 0;
    return { enabled: row?.enabled ?? false, backupCodesRemaining: remaining };
  }

  /** Starts (or restarts) enrolment: a new secret and ten backup codes; 2FA stays off until verified (S09). */
  async setup(user: User, actor: AuditActor): Promise<TwoFactorSetup> {
    const secret = newTotpSecret();
    const backupCodes = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, user.id);
      if (!row || row.twoFactorEnabled) throw new AppError(409, 'two_factor_already_enabled', 'Two-factor authentication is already enabled');
      await tx.update(users).set({ twoFactorPendingSecret: this.box.seal(secret) }).where(eq(users.id, user.id));
      const codes = await replaceBackupCodes(tx, this.box, user.id);
      await appendAudit(tx, { type: AUDIT_TYPES.twoFactorSetupStarted, actor, outcome: 'success', resource: `user:${user.id}`, details: 'Activation de la 2FA commencée' });
      return codes;
    });
    const url = otpauthUrl(secret, user.email);
    return { qrCode: await QRCode.toDataURL(url, { margin: 1, width: 220 }), otpauthUrl: url, secret, backupCodes, alreadyEnabled: false };
  }

  /**
   * Confirms enrolment with a code from the new secret. From a pending sign-in (an administrator's
   * forced enrolment) it also opens the session; from a session it just turns 2FA on.
   */
  async confirmSetup(
    who: { session: { user: User; token: string; sessionId: string; expiresAt: string } } | { pending: PendingLogin },
    code: string,
    actor: AuditActor,
  ): Promise<LoginResult & { enabled: true }> {
    const user = 'pending' in who ? who.pending.user : who.session.user;
    const outcome = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, user.id);
      if (!row?.twoFactorPendingSecret) {
        if (row?.twoFactorEnabled) throw new AppError(409, 'two_factor_already_enabled', 'Two-factor authentication is already enabled');
        throw new AppError(400, 'two_factor_not_started', 'Start the set-up first');
      }
      if (!(await consumeTotp(tx, this.box, row, row.twoFactorPendingSecret, code))) return null;
      await tx
        .update(users)
        .set({ twoFactorEnabled: true, twoFactorSecret: row.twoFactorPendingSecret, twoFactorPendingSecret: null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await appendAudit(tx, { type: AUDIT_TYPES.twoFactorEnabled, actor, outcome: 'success', resource: `user:${user.id}`, details: '2FA activée' });
      const enabledUser = { ...toPublicUser(row), twoFactorEnabled: true };
      if (!('pending' in who)) return { ...who.session, user: enabledUser };
      await tx.delete(pendingLogins).where(eq(pendingLogins.id, who.pending.id));
      await this.lockout.reset(tx, row.email);
      const result = await openSession(tx, this.store, { user: enabledUser, preferences: row.preferences, rememberMe: who.pending.rememberMe, actor, method: 'totp' });
      return { token: result.token!, sessionId: result.sessionId!, expiresAt: result.expiresAt!, user: enabledUser };
    });
    if (!outcome) {
      if ('pending' in who) await this.countFailure(who.pending, actor);
      else await this.db.transaction((tx) => appendAudit(tx, { type: AUDIT_TYPES.twoFactorVerifyFailed, actor, outcome: 'failure', resource: `user:${user.id}` }));
      throw invalidCode();
    }
    await this.notifier.publish({ kind: 'user.changed', userId: user.id });
    return { ...outcome, requires2FA: false, tempToken: null, setupRequired: false, enabled: true };
  }

  /** The sign-in step: a TOTP code or an unused backup code for the user of the tempToken (S11). */
  async completeSignIn(pending: PendingLogin, code: string, actor: AuditActor, only?: 'backup_code'): Promise<LoginResult> {
    if (pending.purpose === 'setup') {
      throw new AppError(403, 'two_factor_enrolment_required', 'Set up two-factor authentication first', { requires2FA: true });
    }
    const state = await this.lockout.state(this.db, pending.user.email);
    if (state.lockedUntil) throw lockedError(state.lockedUntil);
    const method = only ?? (isTotp(code) ? 'totp' : 'backup_code');
    const result = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, pending.user.id);
      if (!row?.twoFactorEnabled || !row.twoFactorSecret) return null;
      const accepted =
        method === 'totp'
          ? await consumeTotp(tx, this.box, row, row.twoFactorSecret, code)
          : await consumeBackupCode(tx, this.box, row.id, code);
      if (!accepted) return null;
      // Single use: the tempToken dies with the sign-in it completes.
      const deleted = await tx.delete(pendingLogins).where(eq(pendingLogins.id, pending.id)).returning({ id: pendingLogins.id });
      if (deleted.length === 0) return null;
      await this.lockout.reset(tx, row.email);
      if (method === 'backup_code') {
        await appendAudit(tx, {
          type: AUDIT_TYPES.backupCodeUsed,
          actor,
          outcome: 'success',
          resource: `user:${row.id}`,
          metadata: { remaining: await remainingBackupCodes(tx, row.id) },
        });
      }
      return openSession(tx, this.store, { user: toPublicUser(row), preferences: row.preferences, rememberMe: pending.rememberMe, actor, method });
    });
    if (result) return result;
    const after = await this.countFailure(pending, actor);
    if (after.lockedUntil) throw lockedError(after.lockedUntil);
    throw new AppError(401, 'invalid_credentials', 'Invalid two-factor code', { attemptsRemaining: after.attemptsRemaining });
  }

  /** A wrong code counts toward the e-mail's lockout (S05), and five void the tempToken (S11). */
  private async countFailure(pending: PendingLogin, actor: AuditActor) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(pendingLogins)
        .set({ failedAttempts: sql`${pendingLogins.failedAttempts} + 1` })
        .where(eq(pendingLogins.id, pending.id))
        .returning({ failedAttempts: pendingLogins.failedAttempts });
      if (!row || row.failedAttempts >= MAX_CODE_ATTEMPTS_PER_PENDING) {
        await tx.delete(pendingLogins).where(eq(pendingLogins.id, pending.id));
      }
      const after = await this.lockout.recordFailure(tx, pending.user.email);
      await appendAudit(tx, {
        type: AUDIT_TYPES.secondFactorFailed,
        actor,
        outcome: 'failure',
        details: 'Code 2FA incorrect',
        metadata: { failures: after.failures, pendingAttempts: row?.failedAttempts ?? MAX_CODE_ATTEMPTS_PER_PENDING },
      });
      const pendingLeft = MAX_CODE_ATTEMPTS_PER_PENDING - (row?.failedAttempts ?? MAX_CODE_ATTEMPTS_PER_PENDING);
      return { ...after, attemptsRemaining: Math.min(after.attemptsRemaining, pendingLeft) };
    });
  }

  /** Turns 2FA off with a current code. An administrator may not turn their own off (S15). */
  async disable(user: User, code: string, actor: AuditActor): Promise<void> {
    if (user.role === 'admin') throw new AppError(403, 'forbidden', 'Administrators cannot turn off two-factor authentication');
    await this.withCurrentCode(user, code, actor, async (tx) => {
      await tx
        .update(users)
        .set({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorLastStep: null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
      await appendAudit(tx, { type: AUDIT_TYPES.twoFactorDisabled, actor, outcome: 'success', resource: `user:${user.id}`, details: '2FA désactivée' });
    });
    await this.notifier.publish({ kind: 'user.changed', userId: user.id });
  }

  /** New backup codes with a current code; every old one is void (S16, S19). */
  async regenerateBackupCodes(user: User, code: string, actor: AuditActor): Promise<string[]> {
    return this.withCurrentCode(user, code, actor, async (tx) => {
      const codes = await replaceBackupCodes(tx, this.box, user.id);
      await appendAudit(tx, { type: AUDIT_TYPES.backupCodesRegenerated, actor, outcome: 'success', resource: `user:${user.id}`, details: 'Codes de secours régénérés' });
      return codes;
    });
  }

  private async withCurrentCode<T>(user: User, code: string, actor: AuditActor, change: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, user.id);
      if (!row?.twoFactorEnabled || !row.twoFactorSecret) throw new AppError(400, 'two_factor_not_started', 'Two-factor authentication is not enabled');
      if (!(await consumeTotp(tx, this.box, row, row.twoFactorSecret, code))) return { ok: false as const };
      return { ok: true as const, value: await change(tx) };
    });
    if (result.ok) return result.value;
    await this.db.transaction((tx) => appendAudit(tx, { type: AUDIT_TYPES.twoFactorVerifyFailed, actor, outcome: 'failure', resource: `user:${user.id}` }));
    throw invalidCode();
  }
}
