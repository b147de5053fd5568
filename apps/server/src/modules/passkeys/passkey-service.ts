import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import {
  AUDIT_TYPES,
  PROBLEM_DETAILS,
  type LoginResult,
  type Passkey,
  type PasskeyOptions,
  type PasskeyRegistered,
  type User,
} from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { backupCodes, passkeys, users, webauthnChallenges } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { Lockout } from '../auth/lockout.ts';
import { lockedError } from '../auth/login-service.ts';
import { openSession } from '../auth/open-session.ts';
import { consumePendingLogin, type PendingLogin } from '../auth/pending-logins.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { lockUser, replaceBackupCodes } from '../two-factor/second-factor.ts';
import type { FactorProof, TwoFactorService } from '../two-factor/two-factor-service.ts';
import { toPublicUser } from '../users/user-service.ts';
import { auditRefusal, checkAssertion, raiseCounter } from './assertion.ts';

/** A ceremony's challenge lives this long: the browser's own timeout, plus typing a PIN. */
const CHALLENGE_MS = 2 * 60_000;
const CEREMONY_TIMEOUT_MS = 60_000;
const MAX_PASSKEYS = 10;

const challengeExpired = () =>
  new AppError(400, 'passkey_challenge_expired', 'The passkey request expired; start again');
const passkeyRefused = () => new AppError(400, 'passkey_invalid', 'The passkey answer could not be verified');

/** Who adds a passkey: a signed-in session, or an administrator's forced enrolment (a 'setup' tempToken). */
export type PasskeyCaller = { session: { user: User; id: string } } | { pending: PendingLogin };
const userOf = (who: PasskeyCaller): User => ('pending' in who ? who.pending.user : who.session.user);

const alreadyEnabled = () =>
  new AppError(409, 'two_factor_already_enabled', 'Two-factor authentication is already enabled');
const lastFactor = () =>
  new AppError(
    403,
    'last_second_factor',
    'An administrator keeps a second factor: add another passkey or TOTP before removing this one',
  );

/**
 * Passkeys (WebAuthn) as a second factor, beside TOTP or alone (decisions 0023, 0037). The relying
 * party is the configured public URL: its host is the RP ID, its origin the only accepted origin.
 * Challenges are single use (deleted by the statement that reads them) and live two minutes. Changing
 * the passkeys of an account that has a second factor needs a current one, counted like every other
 * code (decision 0022); a failed passkey sign-in counts the same way. The first passkey of an account
 * turns 2FA on, with ten backup codes; removing a member's last factor turns it off.
 */
export class PasskeyService {
  private readonly rp: { rpId: string; origin: string };

  constructor(
    private readonly db: Db,
    private readonly store: SessionStore,
    private readonly lockout: Lockout,
    private readonly twoFactor: TwoFactorService,
    private readonly box: SecretBox,
    publicUrl: string,
  ) {
    const url = new URL(publicUrl);
    this.rp = { rpId: url.hostname, origin: url.origin };
  }

  async list(userId: string): Promise<Passkey[]> {
    const rows = await this.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(asc(passkeys.createdAt));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    }));
  }

  /**
   * Starts adding a passkey. An account with a second factor proves a current one first; the first
   * factor needs none (as starting TOTP enrolment), and a tempToken may start one only for the forced
   * enrolment it stands for.
   */
  async registrationOptions(
    who: PasskeyCaller,
    proof: FactorProof | null,
    actor: AuditActor,
  ): Promise<PasskeyOptions> {
    const user = userOf(who);
    if ('pending' in who && who.pending.purpose !== 'setup') throw alreadyEnabled();
    const [row] = await this.db
      .select({ enabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, user.id));
    if (row?.enabled) {
      if ('pending' in who) throw alreadyEnabled();
      if (!proof) throw new AppError(400, 'invalid_code', 'A current code or passkey is required');
      return this.twoFactor.withCurrentFactor(user, who.session.id, proof, actor, (tx) =>
        this.startRegistration(tx, user, null),
      );
    }
    return this.db.transaction(async (tx) => {
      if ((await lockUser(tx, user.id))?.twoFactorEnabled) throw alreadyEnabled();
      return this.startRegistration(tx, user, 'pending' in who ? who.pending.id : null);
    });
  }

  private async startRegistration(
    tx: Tx,
    user: User,
    pendingLoginId: string | null,
  ): Promise<PasskeyOptions> {
    const existing = await tx
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, user.id));
    if (existing.length >= MAX_PASSKEYS)
      throw new AppError(409, 'too_many_passkeys', `At most ${MAX_PASSKEYS} passkeys`);
    const options = await generateRegistrationOptions({
      rpName: 'Jalon',
      rpID: this.rp.rpId,
      userName: user.email,
      userDisplayName: user.username,
      userID: isoUint8Array.fromUTF8String(user.id),
      attestationType: 'none',
      timeout: CEREMONY_TIMEOUT_MS,
      excludeCredentials: existing.map((row) => ({
        id: row.credentialId,
        transports: row.transports as never,
      })),
      authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
    });
    // One registration at a time: an older unanswered challenge is void.
    await tx
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.userId, user.id), eq(webauthnChallenges.purpose, 'register')));
    const [challenge] = await tx
      .insert(webauthnChallenges)
      .values({
        userId: user.id,
        purpose: 'register',
        pendingLoginId,
        challenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      })
      .returning({ id: webauthnChallenges.id });
    return { challengeId: challenge!.id, options: options as unknown as Record<string, unknown> };
  }

  /**
   * Adds the passkey the browser made for a registration challenge. The account's first factor turns
   * 2FA on and comes with ten backup codes; from a forced enrolment it also opens the session.
   */
  async register(
    who: PasskeyCaller,
    input: { challengeId: string; name: string; response: RegistrationResponseJSON },
    actor: AuditActor,
  ): Promise<PasskeyRegistered> {
    const user = userOf(who);
    const pending = 'pending' in who ? who.pending : null;
    if (pending && pending.purpose !== 'setup') throw alreadyEnabled();
    const challenge = await this.consumeChallenge(
      input.challengeId,
      user.id,
      'register',
      pending?.id ?? null,
    );
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.rpId,
        requireUserVerification: false,
      });
    } catch {
      verified = null;
    }
    if (!verified?.verified) {
      await this.db.transaction((tx) =>
        appendAudit(tx, {
          type: AUDIT_TYPES.passkeyFailed,
          actor,
          outcome: 'failure',
          resource: `user:${user.id}`,
          details: 'Clé d’accès refusée à l’enregistrement',
        }),
      );
      throw passkeyRefused();
    }
    const { credential } = verified.registrationInfo;
    const outcome = await this.db.transaction(async (tx) => {
      const row = await lockUser(tx, user.id);
      if (!row) throw notFound('User');
      if (pending && row.twoFactorEnabled) throw alreadyEnabled();
      const [{ value } = { value: 0 }] = await tx
        .select({ value: count() })
        .from(passkeys)
        .where(eq(passkeys.userId, user.id));
      if (value >= MAX_PASSKEYS)
        throw new AppError(409, 'too_many_passkeys', `At most ${MAX_PASSKEYS} passkeys`);
      const [inserted] = await tx
        .insert(passkeys)
        .values({
          userId: user.id,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
        })
        .onConflictDoNothing()
        .returning();
      if (!inserted)
        throw new AppError(409, 'passkey_already_registered', 'This passkey is already registered');
      await appendAudit(tx, {
        type: AUDIT_TYPES.passkeyAdded,
        actor,
        outcome: 'success',
        resource: `passkey:${inserted.id}`,
        details: 'Clé d’accès ajoutée',
        metadata: { name: input.name },
      });
      const passkey = {
        id: inserted.id,
        name: inserted.name,
        createdAt: inserted.createdAt.toISOString(),
        lastUsedAt: null,
      };
      if (row.twoFactorEnabled) return { ...passkey, backupCodes: null, signIn: null };
      // The first second factor: 2FA is on, with backup codes so that a lost key is not a lockout.
      await tx
        .update(users)
        .set({ twoFactorEnabled: true, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      const codes = await replaceBackupCodes(tx, this.box, user.id);
      await appendAudit(tx, {
        type: AUDIT_TYPES.twoFactorEnabled,
        actor,
        outcome: 'success',
        resource: `user:${user.id}`,
        details: '2FA activée (clé d’accès)',
        metadata: { method: 'passkey' },
      });
      if (!pending) return { ...passkey, backupCodes: codes, signIn: null };
      // The forced enrolment is done: its tempToken dies with the session it opens.
      const consumed = await consumePendingLogin(tx, pending.id);
      if (!consumed) throw new AppError(401, 'session_expired', PROBLEM_DETAILS.sessionExpired);
      await this.lockout.reset(tx, row.email);
      const signIn = await openSession(tx, this.store, {
        user: { ...toPublicUser(row), twoFactorEnabled: true },
        preferences: row.preferences,
        rememberMe: pending.rememberMe,
        actor,
        method: 'passkey',
        providerSession: consumed.providerSession,
      });
      return { ...passkey, backupCodes: codes, signIn };
    });
    if (outcome.backupCodes) await this.store.userChanged(user.id);
    return outcome;
  }

  /**
   * Removes one of the user's passkeys with a current factor; another user's id is 404. The last factor
   * of an administrator stays (S15); a member's last one turns 2FA off, backup codes with it.
   */
  async remove(
    user: User,
    sessionId: string,
    passkeyId: string,
    proof: FactorProof,
    actor: AuditActor,
  ): Promise<void> {
    const turnedOff = await this.twoFactor.withCurrentFactor(
      user,
      sessionId,
      proof,
      actor,
      async (tx, row) => {
        const [removed] = await tx
          .delete(passkeys)
          .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
          .returning({ id: passkeys.id, name: passkeys.name });
        if (!removed) throw notFound('Passkey');
        await appendAudit(tx, {
          type: AUDIT_TYPES.passkeyRemoved,
          actor,
          outcome: 'success',
          resource: `passkey:${removed.id}`,
          details: 'Clé d’accès supprimée',
          metadata: { name: removed.name },
        });
        const [{ value } = { value: 0 }] = await tx
          .select({ value: count() })
          .from(passkeys)
          .where(eq(passkeys.userId, user.id));
        if (value > 0 || row.twoFactorSecret) return false;
        if (row.role === 'admin') throw lastFactor();
        await tx
          .update(users)
          .set({ twoFactorEnabled: false, twoFactorLastStep: null, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await tx.delete(backupCodes).where(eq(backupCodes.userId, user.id));
        await appendAudit(tx, {
          type: AUDIT_TYPES.twoFactorDisabled,
          actor,
          outcome: 'success',
          resource: `user:${user.id}`,
          details: '2FA désactivée (dernière clé d’accès supprimée)',
        });
        return true;
      },
    );
    if (turnedOff) await this.store.userChanged(user.id);
  }

  /** A challenge for confirming a change with a passkey instead of a code (a step-up, S16). */
  async stepUpOptions(user: User): Promise<PasskeyOptions> {
    return this.db.transaction(async (tx) => {
      // One confirmation at a time: an older unanswered challenge is void.
      await tx
        .delete(webauthnChallenges)
        .where(and(eq(webauthnChallenges.userId, user.id), eq(webauthnChallenges.purpose, 'step_up')));
      return this.assertionOptions(tx, user.id, 'step_up', null);
    });
  }

  /** The proof a request's body carries: a code, or a step-up answer (`currentFactorBodySchema`). */
  async proofFrom(
    user: User,
    body: { code?: string; passkey?: { challengeId: string; response: AuthenticationResponseJSON } },
    actor: AuditActor,
  ): Promise<FactorProof> {
    return body.passkey ? this.stepUpProof(user, body.passkey, actor) : { code: body.code ?? '' };
  }

  /**
   * Turns a step-up answer into a proof for `withCurrentFactor`. The challenge is spent now, whatever
   * follows; the answer is accepted in the change's transaction, where its counter is raised.
   */
  async stepUpProof(
    user: User,
    input: { challengeId: string; response: AuthenticationResponseJSON },
    actor: AuditActor,
  ): Promise<FactorProof> {
    const challenge = await this.consumeChallenge(input.challengeId, user.id, 'step_up', null);
    const checked = await checkAssertion(this.db, this.rp, user.id, challenge, input.response);
    return {
      passkey: async (tx) => {
        if (await raiseCounter(tx, checked)) return true;
        await auditRefusal(tx, checked, user.id, actor, 'step_up');
        return false;
      },
    };
  }

  /** The sign-in step with a passkey: a challenge for the pending sign-in's user and their passkeys. */
  async signInOptions(pending: PendingLogin): Promise<PasskeyOptions> {
    this.requireVerifyStep(pending);
    await this.twoFactor.refuseWhileLocked(pending.user.email);
    return this.db.transaction((tx) => this.assertionOptions(tx, pending.user.id, 'sign_in', pending.id));
  }

  private async assertionOptions(
    tx: Tx,
    userId: string,
    purpose: 'sign_in' | 'step_up',
    pendingLoginId: string | null,
  ): Promise<PasskeyOptions> {
    const rows = await tx
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, userId));
    if (rows.length === 0) throw new AppError(404, 'no_passkey', 'No passkey is registered for this account');
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpId,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: rows.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
    });
    const [challenge] = await tx
      .insert(webauthnChallenges)
      .values({
        userId,
        purpose,
        pendingLoginId,
        challenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      })
      .returning({ id: webauthnChallenges.id });
    return { challengeId: challenge!.id, options: options as unknown as Record<string, unknown> };
  }

  /**
   * Completes a sign-in with a passkey instead of a code. The challenge is spent whatever the outcome;
   * the signature counter must grow (a clone's does not), and a refusal counts like a wrong code.
   */
  async completeSignIn(
    pending: PendingLogin,
    input: { challengeId: string; response: AuthenticationResponseJSON },
    actor: AuditActor,
  ): Promise<LoginResult> {
    this.requireVerifyStep(pending);
    await this.twoFactor.refuseWhileLocked(pending.user.email);
    const challenge = await this.consumeChallenge(input.challengeId, pending.user.id, 'sign_in', pending.id);
    const checked = await checkAssertion(this.db, this.rp, pending.user.id, challenge, input.response);
    const result = checked.failure
      ? null
      : await this.db.transaction(async (tx) => {
          const row = await lockUser(tx, pending.user.id);
          if (!row || !(await raiseCounter(tx, checked))) return null;
          const consumed = await consumePendingLogin(tx, pending.id);
          if (!consumed) return null;
          await this.lockout.reset(tx, row.email);
          return openSession(tx, this.store, {
            user: toPublicUser(row),
            preferences: row.preferences,
            rememberMe: pending.rememberMe,
            actor,
            method: 'passkey',
            providerSession: consumed.providerSession,
          });
        });
    if (result) return result;
    await this.db.transaction((tx) => auditRefusal(tx, checked, pending.user.id, actor, 'sign_in'));
    const after = await this.twoFactor.countWrongCode(pending.user, { pending }, actor);
    if (after.lockedUntil) throw lockedError(after.lockedUntil);
    throw new AppError(401, 'invalid_credentials', 'Invalid passkey', {
      attemptsRemaining: after.attemptsRemaining,
    });
  }

  private requireVerifyStep(pending: PendingLogin): void {
    if (pending.purpose === 'setup') {
      throw new AppError(403, 'two_factor_enrolment_required', 'Set up two-factor authentication first', {
        requires2FA: true,
      });
    }
  }

  /**
   * Deletes the challenge as it reads it (single use); gone, another's, another sign-in's or expired ->
   * 400. A session's challenge names no pending sign-in, so neither can answer the other's.
   */
  private async consumeChallenge(
    id: string,
    userId: string,
    purpose: 'register' | 'sign_in' | 'step_up',
    pendingLoginId: string | null,
  ): Promise<string> {
    const [row] = await this.db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.id, id),
          eq(webauthnChallenges.userId, userId),
          eq(webauthnChallenges.purpose, purpose),
          pendingLoginId
            ? eq(webauthnChallenges.pendingLoginId, pendingLoginId)
            : isNull(webauthnChallenges.pendingLoginId),
        ),
      )
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) throw challengeExpired();
    return row.challenge;
  }
}
