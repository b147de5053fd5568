import { AUDIT_TYPES, type LoginResult, type Preferences, type User } from '@jalon/contract';
import type { Tx } from '../../db/client.ts';
import { ssoSessions } from '../../db/schema.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { sessionExpiresAt, type SessionStore } from '../sessions/session-store.ts';
import type { ProviderSession } from './pending-logins.ts';

const SIGN_IN_DETAILS = {
  password: 'Connexion réussie',
  totp: 'Connexion réussie (code 2FA)',
  backup_code: 'Connexion réussie (code de secours)',
  passkey: 'Connexion réussie (clé d’accès)',
  sso: 'Connexion réussie (fournisseur d’identité)',
} as const;

/**
 * The end of every successful sign-in (password alone, password then second factor, or the provider): a brand-new
 * session (S23), its audit row, and the login result the client stores.
 */
export async function openSession(
  tx: Tx,
  store: SessionStore,
  input: {
    user: User;
    preferences: Partial<Preferences>;
    rememberMe: boolean;
    actor: AuditActor;
    method: keyof typeof SIGN_IN_DETAILS;
    /** Through the provider, which said it asked for a second factor (OIDC_TRUST_PROVIDER_MFA). */
    secondFactorByProvider?: boolean;
    /** Through the provider, directly or after Jalon's second factor: the provider's session. */
    providerSession?: ProviderSession | null;
  },
): Promise<LoginResult> {
  const { token, session } = await store.create(tx, {
    user: input.user,
    preferences: input.preferences,
    rememberMe: input.rememberMe,
    userAgent: input.actor.userAgent,
    ip: input.actor.ip,
    secondFactorByProvider: input.secondFactorByProvider,
  });
  if (input.providerSession)
    await tx.insert(ssoSessions).values({ sessionId: session.id, ...input.providerSession });
  await appendAudit(tx, {
    // A sign-in through the provider has its own type, so the journal tells the two paths apart.
    type: input.method === 'sso' ? AUDIT_TYPES.ssoLogin : AUDIT_TYPES.loginSucceeded,
    actor: input.actor,
    outcome: 'success',
    resource: `session:${session.id}`,
    details: SIGN_IN_DETAILS[input.method],
    metadata: { rememberMe: input.rememberMe, method: input.method },
  });
  return {
    user: session.user,
    token,
    sessionId: session.id,
    expiresAt: new Date(sessionExpiresAt(session)).toISOString(),
    requires2FA: false,
    tempToken: null,
    setupRequired: false,
  };
}
