import { AUDIT_TYPES, PROBLEM_DETAILS, type LoginRequest, type LoginResult } from '@jalon/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getDummyHash, verifyPassword } from '../../lib/password.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { findUserByEmail, normaliseEmail, toPublicUser, type UserRow } from '../users/user-service.ts';
import type { Lockout } from './lockout.ts';
import { createPendingLogin } from './pending-logins.ts';
import { openSession } from './open-session.ts';

export function lockedError(lockedUntil: Date, now = Date.now()): AppError {
  return new AppError(429, 'account_locked', PROBLEM_DETAILS.tooManyLogins, {
    lockedUntil: lockedUntil.toISOString(),
    attemptsRemaining: 0,
    headers: { 'retry-after': String(Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 1000))) },
  });
}

const passwordLoginDisabled = () =>
  new AppError(403, 'password_login_disabled', 'Password sign-in is turned off: use the identity provider');

/**
 * Password sign-in. Known and unknown e-mails take the same path (a dummy hash for the unknown), the
 * same counters and the same answers, so nothing tells which accounts exist (S04, S05).
 */
export class LoginService {
  constructor(
    private readonly db: Db,
    private readonly lockout: Lockout,
    private readonly store: SessionStore,
    private readonly passwordLogin: Config['passwordLogin'] = 'on',
  ) {}

  async login(
    input: Required<LoginRequest>,
    actor: Omit<AuditActor, 'id' | 'email' | 'name'>,
  ): Promise<LoginResult> {
    // PASSWORD_LOGIN=off: nobody signs in with a password, so nothing about the account is looked at.
    if (this.passwordLogin === 'off') throw passwordLoginDisabled();
    const email = normaliseEmail(input.email);
    const typedBy: AuditActor = { ...actor, id: null, email, name: null };
    const state = await this.lockout.state(this.db, email);
    if (state.lockedUntil) {
      await this.db.transaction((tx) =>
        appendAudit(tx, {
          type: AUDIT_TYPES.loginLocked,
          actor: typedBy,
          outcome: 'failure',
          details: 'Connexion refusée : compte temporairement verrouillé',
          metadata: { lockedUntil: state.lockedUntil!.toISOString() },
        }),
      );
      throw lockedError(state.lockedUntil);
    }

    const user = await findUserByEmail(this.db, email);
    const passwordMatches = await verifyPassword(
      user?.passwordHash ?? (await getDummyHash()),
      input.password,
    );
    if (!user || !passwordMatches) return this.fail(email, user, typedBy);
    // Only after the password: someone without it learns nothing about the account (issue 16).
    if (user.deactivatedAt) return this.refuseDeactivated(user, actor);
    // PASSWORD_LOGIN=admins: checked only after the password, so a stranger learns nobody's role.
    if (this.passwordLogin === 'admins' && user.role !== 'admin') throw passwordLoginDisabled();

    const secondFactorDue = user.twoFactorEnabled || user.role === 'admin';
    const who: AuditActor = { ...actor, id: user.id, email: user.email, name: user.username };
    return this.db.transaction(async (tx) => {
      if (secondFactorDue) {
        // The failure counter is kept until the second factor succeeds: knowing the password alone
        // must not buy fresh attempts at the code.
        const purpose = user.twoFactorEnabled ? 'verify' : 'setup';
        const tempToken = await createPendingLogin(tx, { user, purpose, rememberMe: input.rememberMe });
        await appendAudit(tx, {
          type: AUDIT_TYPES.secondFactorRequired,
          actor: who,
          outcome: 'success',
          details:
            purpose === 'setup'
              ? 'Mot de passe accepté ; activation de la 2FA requise'
              : 'Mot de passe accepté ; code 2FA demandé',
        });
        return {
          user: toPublicUser(user),
          token: null,
          sessionId: null,
          expiresAt: null,
          requires2FA: true,
          tempToken,
          setupRequired: purpose === 'setup',
        };
      }
      await this.lockout.reset(tx, email);
      return openSession(tx, this.store, {
        user: toPublicUser(user),
        preferences: user.preferences,
        rememberMe: input.rememberMe,
        actor: who,
        method: 'password',
      });
    });
  }

  private async refuseDeactivated(
    user: UserRow,
    actor: Omit<AuditActor, 'id' | 'email' | 'name'>,
  ): Promise<never> {
    await this.db.transaction((tx) =>
      appendAudit(tx, {
        type: AUDIT_TYPES.loginDeactivated,
        actor: { ...actor, id: user.id, email: user.email, name: user.username },
        outcome: 'failure',
        resource: `user:${user.id}`,
        details: 'Connexion refusée : compte désactivé',
      }),
    );
    throw new AppError(403, 'account_deactivated', PROBLEM_DETAILS.accountDeactivated);
  }

  private async fail(email: string, user: UserRow | undefined, typedBy: AuditActor): Promise<never> {
    const actor = user ? { ...typedBy, id: user.id, name: user.username } : typedBy;
    const state = await this.db.transaction(async (tx) => {
      const after = await this.lockout.recordFailure(tx, email);
      await appendAudit(tx, {
        type: after.lockedUntil ? AUDIT_TYPES.loginLocked : AUDIT_TYPES.loginFailed,
        actor,
        outcome: 'failure',
        details: after.lockedUntil
          ? 'Trop d’échecs de connexion : compte verrouillé'
          : 'E-mail ou mot de passe incorrect',
        metadata: { failures: after.failures },
      });
      return after;
    });
    if (state.lockedUntil) throw lockedError(state.lockedUntil);
    throw new AppError(401, 'invalid_credentials', PROBLEM_DETAILS.loginFailed, {
      attemptsRemaining: state.attemptsRemaining,
    });
  }
}
