import { count, eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  AUDIT_TYPES,
  type LoginResult,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
} from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { passkeys, pendingLogins, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { newTotpSecret, otpauthUrl } from '../../lib/totp.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { Lockout } from '../auth/lockout.ts';
import { lockedError } from '../auth/login-service.ts';
import { openSession } from '../auth/open-session.ts';
import { consumePendingLogin, type PendingLogin } from '../auth/pending-logins.ts';
import { revokeSessionsWhere, type SessionService } from '../sessions/session-service.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { toPublicUser } from '../users/user-service.ts';
import {
  consumeBackupCode,
  consumeTotp,
  eraseSecondFactors,
  lockUser,
  lockUsers,
  remainingBackupCodes,
  replaceBackupCodes,
} from './second-factor.ts';

const MAX_CODE_ATTEMPTS_PER_PENDING = 5;
const isTotp = (code: string) => /^[0-9]{6}$/.test(code);
const invalidCode = () => new AppError(400, 'invalid_code', 'The code is not valid');

/** Who sent a code: a signed-in session (revoked when its codes lock the account) or a pending sign-in. */
export type CodeSender = { sessionId: string } | { pending: PendingLogin };

/** The locked user row a change to the second factor runs with. */
export type UserRow = NonNullable<Awaited<ReturnType<typeof lockUser>>>;

/**
 * Proof of a current second factor: a code (TOTP, or a backup code when TOTP is off), or a passkey's
 * answer already checked against its challenge, whose `accept` raises the key's counter in the
 * transaction (false: refused, audited by it). `orBackupCode`: a backup code is taken even when TOTP is on
 * (an administrator's step-up reset of someone else's 2FA, which a lost phone must not block).
 */
export type FactorProof =
  { code: string; orBackupCode?: true } | { passkey: (tx: Tx, row: UserRow) => Promise<boolean> };

/**
 * Two-factor authentication: enrolment, the sign-in step, disabling and backup codes. Every change is
 * audited as `security.*` in the transaction that makes it (S16).
 *
 * Every route that checks a code shares one counter per account: the e-mail's lockout (S05, S11). A
 * locked account's code is refused before it is checked, even when right; the wrong code that locks it
 * is audited `security.code_locked` and revokes the session that sent it (issue 14, decision 0022).
 */
export class TwoFactorService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly store: SessionStore,
    private readonly lockout: Lockout,
    private readonly sessions: SessionService,
  ) {}

  /** Refuses any code while the account is locked, before looking at it. */
  async refuseWhileLocked(email: string): Promise<void> {
    const state = await this.lockout.state(this.db, email);
    if (state.lockedUntil) throw lockedError(state.lockedUntil);
  }

  /**
   * Counts one wrong code against the account, audits it, and on the one that reaches the limit audits
   * `security.code_locked` and revokes the sending session. Returns the state after it.
   */
  async countWrongCode(user: Pick<User, 'id' | 'email'>, sender: CodeSender, actor: AuditActor) {
    const { after, revoked, pendingLeft } = await this.db.transaction(async (tx) => {
      let pendingLeft = Number.POSITIVE_INFINITY;
      if ('pending' in sender) {
        const [row] = await tx
          .update(pendingLogins)
          .set({ failedAttempts: sql`${pendingLogins.failedAttempts} + 1` })
          .where(eq(pendingLogins.id, sender.pending.id))
          .returning({ failedAttempts: pendingLogins.failedAttempts });
        // Five wrong codes void the tempToken (S11).
        const attempts = row?.failedAttempts ?? MAX_CODE_ATTEMPTS_PER_PENDING;
        if (attempts >= MAX_CODE_ATTEMPTS_PER_PENDING)
          await tx.delete(pendingLogins).where(eq(pendingLogins.id, sender.pending.id));
        pendingLeft = MAX_CODE_ATTEMPTS_PER_PENDING - attempts;
      }
      const after = await this.lockout.recordFailure(tx, user.email);
      await appendAudit(tx, {
        type: 'pending' in sender ? AUDIT_TYPES.secondFactorFailed : AUDIT_TYPES.twoFactorVerifyFailed,
        actor,
        outcome: 'failure',
        resource: `user:${user.id}`,
        details: 'Code 2FA incorrect',
        metadata: { failures: after.failures },
      });
      let revoked: string[] = [];
      if (after.lockedUntil) {
        if ('sessionId' in sender)
          revoked = await revokeSessionsWhere(
            tx,
            { userId: user.id, sessionId: sender.sessionId },
            'code_locked',
          );
        await appendAudit(tx, {
          type: AUDIT_TYPES.codeLocked,
          actor,
          outcome: 'failure',
          resource: `user:${user.id}`,
          details: 'Trop de codes 2FA incorrects : compte verrouillé',
          metadata: { lockedUntil: after.lockedUntil.toISOString(), sessionRevoked: revoked.length > 0 },
        });
      }
      return { after, revoked, pendingLeft };
    });
    await this.sessions.announceRevoked(revoked);
    return { ...after, attemptsRemaining: Math.min(after.attemptsRemaining, pendingLeft) };
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const [row] = await this.db
      .select({ enabled: users.twoFactorEnabled, secret: users.twoFactorSecret })
      .from(users)
      .where(eq(users.id, userId));
    const [keys] = await this.db.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    const remaining = row?.enabled ? await remainingBackupCodes(this.db, userId) : 0;
    return {
      enabled: row?.enabled ?? false,
      totpEnabled: Boolean(row?.secret),
      passkeys: keys?.value ?? 0,
      backupCodesRemaining: remaining,
    };
  }

  /** Starts (or restarts) enrolment: a new secret and ten backup codes; 2FA stays off until verified (S09). */
  async setup(user: User, actor: AuditActor): Promise<TwoFactorSetup> {
    const secret = newTotpSecret();
    const backupCodes = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, user.id);
      if (!row || row.twoFactorEnabled)
        throw new AppError(409, 'two_factor_already_enabled', 'Two-factor authentication is already enabled');
      await tx
        .update(users)
        .set({ twoFactorPendingSecret: this.box.seal(secret) })
        .where(eq(users.id, user.id));
      const codes = await replaceBackupCodes(tx, this.box, user.id);
      await appendAudit(tx, {
        type: AUDIT_TYPES.twoFactorSetupStarted,
        actor,
        outcome: 'success',
        resource: `user:${user.id}`,
        details: 'Activation de la 2FA commencée',
      });
      return codes;
    });
    const url = otpauthUrl(secret, user.email);
    return {
      qrCode: await QRCode.toDataURL(url, { margin: 1, width: 220 }),
      otpauthUrl: url,
      secret,
      backupCodes,
      alreadyEnabled: false,
    };
  }

  /**
   * Confirms enrolment with a code from the new secret. From a pending sign-in (an administrator's
   * forced enrolment) it also opens the session; from a session it just turns 2FA on.
   */
  async confirmSetup(
    who:
      | { session: { user: User; token: string; sessionId: string; expiresAt: string } }
      | { pending: PendingLogin },
    code: string,
    actor: AuditActor,
  ): Promise<LoginResult & { enabled: true }> {
    const user = 'pending' in who ? who.pending.user : who.session.user;
    await this.refuseWhileLocked(user.email);
    const outcome = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, user.id);
      if (!row?.twoFactorPendingSecret) {
        if (row?.twoFactorEnabled)
          throw new AppError(
            409,
            'two_factor_already_enabled',
            'Two-factor authentication is already enabled',
          );
        throw new AppError(400, 'two_factor_not_started', 'Start the set-up first');
      }
      if (!(await consumeTotp(tx, this.box, row, row.twoFactorPendingSecret, code))) return null;
      await this.lockout.reset(tx, row.email);
      await tx
        .update(users)
        .set({
          twoFactorEnabled: true,
          twoFactorSecret: row.twoFactorPendingSecret,
          twoFactorPendingSecret: null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      await appendAudit(tx, {
        type: AUDIT_TYPES.twoFactorEnabled,
        actor,
        outcome: 'success',
        resource: `user:${user.id}`,
        details: '2FA activée',
      });
      const enabledUser = { ...toPublicUser(row), twoFactorEnabled: true };
      if (!('pending' in who)) return { ...who.session, user: enabledUser };
      const consumed = await consumePendingLogin(tx, who.pending.id);
      const result = await openSession(tx, this.store, {
        user: enabledUser,
        preferences: row.preferences,
        rememberMe: who.pending.rememberMe,
        actor,
        method: 'totp',
        providerSession: consumed?.providerSession,
      });
      return {
        token: result.token!,
        sessionId: result.sessionId!,
        expiresAt: result.expiresAt!,
        user: enabledUser,
      };
    });
    if (!outcome) {
      const after = await this.countWrongCode(
        user,
        'pending' in who ? { pending: who.pending } : { sessionId: who.session.sessionId },
        actor,
      );
      if (after.lockedUntil) throw lockedError(after.lockedUntil);
      throw invalidCode();
    }
    await this.store.userChanged(user.id);
    return { ...outcome, requires2FA: false, tempToken: null, setupRequired: false, enabled: true };
  }

  /** The sign-in step: a TOTP code or an unused backup code for the user of the tempToken (S11). */
  async completeSignIn(
    pending: PendingLogin,
    code: string,
    actor: AuditActor,
    only?: 'backup_code',
  ): Promise<LoginResult> {
    if (pending.purpose === 'setup') {
      throw new AppError(403, 'two_factor_enrolment_required', 'Set up two-factor authentication first', {
        requires2FA: true,
      });
    }
    await this.refuseWhileLocked(pending.user.email);
    const method = only ?? (isTotp(code) ? 'totp' : 'backup_code');
    const result = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, pending.user.id);
      // A passkey-only account (decision 0037) has no secret: its codes are backup codes.
      if (!row?.twoFactorEnabled) return null;
      const accepted =
        method === 'totp'
          ? row.twoFactorSecret !== null && (await consumeTotp(tx, this.box, row, row.twoFactorSecret, code))
          : await consumeBackupCode(tx, this.box, row.id, code);
      if (!accepted) return null;
      // Single use: the tempToken dies with the sign-in it completes.
      const consumed = await consumePendingLogin(tx, pending.id);
      if (!consumed) return null;
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
      return openSession(tx, this.store, {
        user: toPublicUser(row),
        preferences: row.preferences,
        rememberMe: pending.rememberMe,
        actor,
        method,
        providerSession: consumed.providerSession,
      });
    });
    if (result) return result;
    const after = await this.countWrongCode(pending.user, { pending }, actor);
    if (after.lockedUntil) throw lockedError(after.lockedUntil);
    throw new AppError(401, 'invalid_credentials', 'Invalid two-factor code', {
      attemptsRemaining: after.attemptsRemaining,
    });
  }

  /** Turns 2FA off with a current code. An administrator may not turn their own off (S15). */
  async disable(user: User, sessionId: string, code: string, actor: AuditActor): Promise<void> {
    if (user.role === 'admin')
      throw new AppError(403, 'forbidden', 'Administrators cannot turn off two-factor authentication');
    await this.withCurrentFactor(user, sessionId, { code }, actor, async (tx) => {
      await eraseSecondFactors(tx, user.id);
      await appendAudit(tx, {
        type: AUDIT_TYPES.twoFactorDisabled,
        actor,
        outcome: 'success',
        resource: `user:${user.id}`,
        details: '2FA désactivée',
      });
    });
    await this.store.userChanged(user.id);
  }

  /** New backup codes with a current factor; every old one is void (S16, S19). */
  async regenerateBackupCodes(
    user: User,
    sessionId: string,
    proof: FactorProof,
    actor: AuditActor,
  ): Promise<string[]> {
    return this.withCurrentFactor(user, sessionId, proof, actor, async (tx) => {
      const codes = await replaceBackupCodes(tx, this.box, user.id);
      await appendAudit(tx, {
        type: AUDIT_TYPES.backupCodesRegenerated,
        actor,
        outcome: 'success',
        resource: `user:${user.id}`,
        details: 'Codes de secours régénérés',
      });
      return codes;
    });
  }

  /**
   * Runs `change` in the transaction that accepts a current factor: a TOTP code when TOTP is on, a
   * backup code when it is off (a passkey-only account, decision 0037), or a passkey's answer. A refusal
   * counts like a wrong code (decision 0022).
   */
  async withCurrentFactor<T>(
    user: User,
    sessionId: string,
    proof: FactorProof,
    actor: AuditActor,
    change: (tx: Tx, row: UserRow) => Promise<T>,
    options: { alsoLock?: string } = {},
  ): Promise<T> {
    await this.refuseWhileLocked(user.email);
    const result = await this.db.transaction(async (tx) => {
      // Rows locked in id order: two administrators acting on each other at once wait, never deadlock.
      const locked = await lockUsers(tx, options.alsoLock ? [user.id, options.alsoLock] : [user.id]);
      const row = locked.find((candidate) => candidate.id === user.id);
      if (!row?.twoFactorEnabled)
        throw new AppError(400, 'two_factor_not_started', 'Two-factor authentication is not enabled');
      if (!(await this.acceptProof(tx, row, proof, actor))) return { ok: false as const };
      await this.lockout.reset(tx, row.email);
      return { ok: true as const, value: await change(tx, row) };
    });
    if (result.ok) return result.value;
    const after = await this.countWrongCode(user, { sessionId }, actor);
    if (after.lockedUntil) throw lockedError(after.lockedUntil);
    if ('passkey' in proof)
      throw new AppError(400, 'passkey_invalid', 'The passkey answer could not be verified');
    throw invalidCode();
  }

  private async acceptProof(tx: Tx, row: UserRow, proof: FactorProof, actor: AuditActor): Promise<boolean> {
    if ('passkey' in proof) return proof.passkey(tx, row);
    if (row.twoFactorSecret && (isTotp(proof.code) || !proof.orBackupCode))
      return isTotp(proof.code) && consumeTotp(tx, this.box, row, row.twoFactorSecret, proof.code);
    // Without TOTP a backup code is the code a person has (decision 0037); it is spent like at sign-in.
    if (!(await consumeBackupCode(tx, this.box, row.id, proof.code))) return false;
    await appendAudit(tx, {
      type: AUDIT_TYPES.backupCodeUsed,
      actor,
      outcome: 'success',
      resource: `user:${row.id}`,
      metadata: { remaining: await remainingBackupCodes(tx, row.id) },
    });
    return true;
  }
}
