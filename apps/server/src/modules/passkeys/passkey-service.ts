import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, lt } from 'drizzle-orm';
import { AUDIT_TYPES, type LoginResult, type Passkey, type PasskeyOptions, type User } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { passkeys, pendingLogins, webauthnChallenges } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { Lockout } from '../auth/lockout.ts';
import { lockedError } from '../auth/login-service.ts';
import { openSession } from '../auth/open-session.ts';
import type { PendingLogin } from '../auth/pending-logins.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { TwoFactorService } from '../two-factor/two-factor-service.ts';
import { lockUser } from '../two-factor/second-factor.ts';
import { toPublicUser } from '../users/user-service.ts';

/** A ceremony's challenge lives this long: the browser's own timeout, plus typing a PIN. */
const CHALLENGE_MS = 2 * 60_000;
const CEREMONY_TIMEOUT_MS = 60_000;
const MAX_PASSKEYS = 10;

const challengeExpired = () => new AppError(400, 'passkey_challenge_expired', 'The passkey request expired; start again');
const passkeyRefused = () => new AppError(400, 'passkey_invalid', 'The passkey answer could not be verified');

/**
 * Passkeys (WebAuthn) as a second factor beside TOTP (decision 0023). The relying party is the
 * configured public URL: its host is the RP ID, its origin the only accepted origin. Challenges are
 * single use (deleted by the statement that reads them) and live two minutes. Adding and removing a
 * passkey need a current TOTP code, counted like every other code (decision 0022); a failed passkey
 * sign-in counts the same way.
 */
export class PasskeyService {
  private readonly rpId: string;
  private readonly origin: string;

  constructor(
    private readonly db: Db,
    private readonly store: SessionStore,
    private readonly lockout: Lockout,
    private readonly twoFactor: TwoFactorService,
    publicUrl: string,
  ) {
    const url = new URL(publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  async list(userId: string): Promise<Passkey[]> {
    const rows = await this.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
    return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null }));
  }

  /** Starts adding a passkey, once a current code is accepted. */
  async registrationOptions(user: User, sessionId: string, code: string, actor: AuditActor): Promise<PasskeyOptions> {
    return this.twoFactor.withCurrentCode(user, sessionId, code, actor, async (tx) => {
      const existing = await tx.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
      if (existing.length >= MAX_PASSKEYS) throw new AppError(409, 'too_many_passkeys', `At most ${MAX_PASSKEYS} passkeys`);
      const options = await generateRegistrationOptions({
        rpName: 'Jalon',
        rpID: this.rpId,
        userName: user.email,
        userDisplayName: user.username,
        userID: isoUint8Array.fromUTF8String(user.id),
        attestationType: 'none',
        timeout: CEREMONY_TIMEOUT_MS,
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
        authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
      });
      // One registration at a time: an older unanswered challenge is void.
      await tx.delete(webauthnChallenges).where(and(eq(webauthnChallenges.userId, user.id), eq(webauthnChallenges.purpose, 'register')));
      const [challenge] = await tx
        .insert(webauthnChallenges)
        .values({ userId: user.id, purpose: 'register', challenge: options.challenge, expiresAt: new Date(Date.now() + CHALLENGE_MS) })
        .returning({ id: webauthnChallenges.id });
      return { challengeId: challenge!.id, options: options as unknown as Record<string, unknown> };
    });
  }

  async register(user: User, input: { challengeId: string; name: string; response: RegistrationResponseJSON }, actor: AuditActor): Promise<Passkey> {
    const challenge = await this.consumeChallenge(input.challengeId, user.id, 'register');
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpId,
        requireUserVerification: false,
      });
    } catch {
      verified = null;
    }
    if (!verified?.verified) {
      await this.db.transaction((tx) =>
        appendAudit(tx, { type: AUDIT_TYPES.passkeyFailed, actor, outcome: 'failure', resource: `user:${user.id}`, details: 'Clé d’accès refusée à l’enregistrement' }),
      );
      throw passkeyRefused();
    }
    const { credential } = verified.registrationInfo;
    const row = await this.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      const [{ value } = { value: 0 }] = await tx.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
      if (value >= MAX_PASSKEYS) throw new AppError(409, 'too_many_passkeys', `At most ${MAX_PASSKEYS} passkeys`);
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
      if (!inserted) throw new AppError(409, 'passkey_already_registered', 'This passkey is already registered');
      await appendAudit(tx, {
        type: AUDIT_TYPES.passkeyAdded,
        actor,
        outcome: 'success',
        resource: `passkey:${inserted.id}`,
        details: 'Clé d’accès ajoutée',
        metadata: { name: input.name },
      });
      return inserted;
    });
    return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
  }

  /** Removes one of the user's passkeys with a current code; another user's id is 404. */
  async remove(user: User, sessionId: string, passkeyId: string, code: string, actor: AuditActor): Promise<void> {
    await this.twoFactor.withCurrentCode(user, sessionId, code, actor, async (tx) => {
      const [removed] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)))
        .returning({ id: passkeys.id, name: passkeys.name });
      if (!removed) throw notFound('Passkey');
      await appendAudit(tx, { type: AUDIT_TYPES.passkeyRemoved, actor, outcome: 'success', resource: `passkey:${removed.id}`, details: 'Clé d’accès supprimée', metadata: { name: removed.name } });
    });
  }

  /** The sign-in step with a passkey: a challenge for the pending sign-in's user and their passkeys. */
  async signInOptions(pending: PendingLogin): Promise<PasskeyOptions> {
    this.requireVerifyStep(pending);
    await this.twoFactor.refuseWhileLocked(pending.user.email);
    const rows = await this.db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, pending.user.id));
    if (rows.length === 0) throw new AppError(404, 'no_passkey', 'No passkey is registered for this account');
    const options = await generateAuthenticationOptions({
      rpID: this.rpId,
      timeout: CEREMONY_TIMEOUT_MS,
      userVerification: 'preferred',
      allowCredentials: rows.map((row) => ({ id: row.credentialId, transports: row.transports as never })),
    });
    const [challenge] = await this.db
      .insert(webauthnChallenges)
      .values({ userId: pending.user.id, purpose: 'sign_in', pendingLoginId: pending.id, challenge: options.challenge, expiresAt: new Date(Date.now() + CHALLENGE_MS) })
      .returning({ id: webauthnChallenges.id });
    return { challengeId: challenge!.id, options: options as unknown as Record<string, unknown> };
  }

  /**
   * Completes a sign-in with a passkey instead of a code. The challenge is spent whatever the outcome;
   * the signature counter must grow (a clone's does not), and a refusal counts like a wrong code.
   */
  async completeSignIn(pending: PendingLogin, input: { challengeId: string; response: AuthenticationResponseJSON }, actor: AuditActor): Promise<LoginResult> {
    this.requireVerifyStep(pending);
    await this.twoFactor.refuseWhileLocked(pending.user.email);
    const challenge = await this.consumeChallenge(input.challengeId, pending.user.id, 'sign_in', pending.id);
    const [stored] = await this.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.credentialId, input.response.id), eq(passkeys.userId, pending.user.id)));
    let failure: 'unknown' | 'invalid' | 'cloned' | null = stored ? null : 'unknown';
    let newCounter = 0;
    if (stored) {
      try {
        const verification = await verifyAuthenticationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: this.origin,
          expectedRPID: this.rpId,
          credential: { id: stored.credentialId, publicKey: isoBase64URL.toBuffer(stored.publicKey), counter: stored.counter },
          requireUserVerification: false,
        });
        if (verification.verified) newCounter = verification.authenticationInfo.newCounter;
        else failure = 'invalid';
      } catch (error) {
        failure = error instanceof Error && /counter/i.test(error.message) ? 'cloned' : 'invalid';
      }
    }
    const result = failure
      ? null
      : await this.db.transaction(async (tx) => {
          const row = await lockUser(tx, pending.user.id);
          if (!row) return null;
          // The counter only moves forward, also between two sign-ins racing with one authenticator's answers.
          const raised = await tx
            .update(passkeys)
            .set({ counter: newCounter, lastUsedAt: new Date() })
            .where(and(eq(passkeys.id, stored!.id), newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter)))
            .returning({ id: passkeys.id });
          const deleted = await tx.delete(pendingLogins).where(eq(pendingLogins.id, pending.id)).returning({ id: pendingLogins.id });
          if (raised.length === 0 || deleted.length === 0) return null;
          await this.lockout.reset(tx, row.email);
          return openSession(tx, this.store, { user: toPublicUser(row), preferences: row.preferences, rememberMe: pending.rememberMe, actor, method: 'passkey' });
        });
    if (result) return result;
    await this.db.transaction((tx) =>
      appendAudit(tx, {
        type: failure === 'cloned' ? AUDIT_TYPES.passkeyCloneSuspected : AUDIT_TYPES.passkeyFailed,
        actor,
        outcome: 'failure',
        resource: stored ? `passkey:${stored.id}` : `user:${pending.user.id}`,
        details: failure === 'cloned' ? 'Clé d’accès refusée : compteur non croissant (clone possible)' : 'Clé d’accès refusée à la connexion',
      }),
    );
    const after = await this.twoFactor.countWrongCode(pending.user, { pending }, actor);
    if (after.lockedUntil) throw lockedError(after.lockedUntil);
    throw new AppError(401, 'invalid_credentials', 'Invalid passkey', { attemptsRemaining: after.attemptsRemaining });
  }

  private requireVerifyStep(pending: PendingLogin): void {
    if (pending.purpose === 'setup') {
      throw new AppError(403, 'two_factor_enrolment_required', 'Set up two-factor authentication first', { requires2FA: true });
    }
  }

  /** Deletes the challenge as it reads it (single use); gone, another's or expired -> 400. */
  private async consumeChallenge(id: string, userId: string, purpose: 'register' | 'sign_in', pendingLoginId?: string): Promise<string> {
    const [row] = await this.db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.id, id),
          eq(webauthnChallenges.userId, userId),
          eq(webauthnChallenges.purpose, purpose),
          pendingLoginId ? eq(webauthnChallenges.pendingLoginId, pendingLoginId) : undefined,
        ),
      )
      .returning();
    if (!row || row.expiresAt.getTime() <= Date.now()) throw challengeExpired();
    return row.challenge;
  }
}
