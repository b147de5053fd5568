import { and, eq, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import {
  AUDIT_TYPES,
  PROBLEM_DETAILS,
  SSO,
  type ErrorCode,
  type SignInMethods,
  type SsoExchangeResult,
} from '@jalon/contract';
import type { Config, OidcConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ssoFlows, ssoHandoffs, ssoSessions } from '../../db/schema.ts';
import { constantTimeEqual, newToken, sha256 } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { openSession } from '../auth/open-session.ts';
import { createPendingLogin } from '../auth/pending-logins.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { findUserById, toPublicUser } from '../users/user-service.ts';
import { BackChannelLogout } from './back-channel-logout.ts';
import { OidcProviderLink } from './oidc-provider-link.ts';
import { resolveAccount, ssoRefusal } from './sso-account.ts';

type Actor = Omit<AuditActor, 'id' | 'email' | 'name'>;

/** The callback's own path; the redirect URI registered at the provider is PUBLIC_URL followed by it. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** Where the provider posts its logout tokens (registered at the provider as the back-channel logout URI). */
export const SSO_BACK_CHANNEL_LOGOUT_PATH = '/api/auth/sso/backchannel-logout';
/** The page that exchanges the one-time code, which it finds in its address's fragment. */
export const SSO_LANDING_PATH = '/login/sso';

const failed = () => new AppError(401, 'sso_failed', 'The identity provider’s answer was refused');

/**
 * Sign-in through the organisation's OpenID provider (issue 38): the authorization code flow with PKCE
 * (S256), `state` and `nonce`, every check of the provider's answer made by openid-client. The callback
 * hands the page a one-time code in the fragment of its address (never sent to a server, so no log or
 * proxy keeps it), and the page exchanges it for the same session the password path opens
 * (decision 0072).
 */
export class SsoService {
  readonly link: OidcProviderLink;
  /** The provider telling Jalon, server to server, that a person signed out there. */
  readonly backChannel: BackChannelLogout;
  private readonly redirectUri: string;

  constructor(
    private readonly db: Db,
    private readonly store: SessionStore,
    private readonly oidc: OidcConfig,
    config: Pick<Config, 'publicUrl'>,
    log: (error: unknown) => void,
  ) {
    this.link = new OidcProviderLink(oidc, log);
    this.backChannel = new BackChannelLogout(db, this.link, oidc);
    this.redirectUri = `${config.publicUrl}${SSO_CALLBACK_PATH}`;
  }

  methods(passwordLogin: SignInMethods['password']): SignInMethods {
    return {
      password: passwordLogin,
      sso: { displayName: this.oidc.displayName, available: this.link.available() },
    };
  }

  /**
   * The provider's address to send the browser to, and the secret its cookie keeps so that only this
   * browser may bring the answer back. Verifier and nonce stay in the database.
   */
  async start(returnTo: string): Promise<{ url: string; browserSecret: string }> {
    const configuration = await this.link.get();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const browserSecret = newToken();
    const now = new Date();
    await this.db.transaction(async (tx) => {
      // Abandoned sign-ins go as new ones come.
      await tx.delete(ssoFlows).where(lt(ssoFlows.expiresAt, now));
      await tx.insert(ssoFlows).values({
        stateHash: sha256(state),
        browserHash: sha256(browserSecret),
        codeVerifier,
        nonce,
        returnTo,
        expiresAt: new Date(now.getTime() + SSO.flowMinutes * 60_000),
      });
    });
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: this.oidc.scopes.join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, browserSecret };
  }

  /**
   * The provider's answer. Whatever happens, the page gets a one-time code: exchanging it answers
   * the session, or the refusal as a problem document in French, like any other sign-in.
   */
  async callback(query: string, browserSecret: string | undefined, actor: Actor): Promise<string> {
    const state = new URLSearchParams(query).get('state') ?? '';
    const [flow] = state
      ? await this.db
          .delete(ssoFlows)
          .where(eq(ssoFlows.stateHash, sha256(state)))
          .returning()
      : [];
    try {
      if (
        !flow ||
        flow.expiresAt.getTime() < Date.now() ||
        !browserSecret ||
        !constantTimeEqual(sha256(browserSecret), flow.browserHash)
      ) {
        throw failed();
      }
      const identity = await this.verify(query, flow.codeVerifier, state, flow.nonce);
      const decision = await this.db.transaction((tx) => resolveAccount(tx, this.oidc, identity, actor));
      return await this.handOff({
        userId: decision.user.id,
        issuer: identity.issuer,
        subject: identity.subject,
        sid: identity.sid,
        secondFactorDue: decision.secondFactorDue,
        secondFactorByProvider: decision.secondFactorByProvider,
        returnTo: flow.returnTo,
      });
    } catch (error) {
      const refusal = error instanceof AppError ? error : failed();
      await this.db.transaction((tx) =>
        appendAudit(tx, {
          type: AUDIT_TYPES.ssoFailed,
          actor: { ...actor, id: null, email: null, name: null },
          outcome: 'failure',
          details: `Connexion SSO refusée (${refusal.code})`,
          metadata: { code: refusal.code, reason: error instanceof Error ? error.message : String(error) },
        }),
      );
      return this.handOff({ errorStatus: refusal.status, errorCode: refusal.code });
    }
  }

  /** The code against the sign-in the callback decided: once, within `SSO.handoffSeconds`. */
  async exchange(code: string, actor: Actor): Promise<SsoExchangeResult> {
    const [handoff] = await this.db
      .delete(ssoHandoffs)
      .where(and(eq(ssoHandoffs.codeHash, sha256(code)), sql`${ssoHandoffs.expiresAt} > now()`))
      .returning();
    if (!handoff) throw failed();
    if (handoff.errorCode) throw refusalFor(handoff.errorStatus ?? 401, handoff.errorCode as ErrorCode);
    const user = handoff.userId ? await findUserById(this.db, handoff.userId) : undefined;
    if (!user) throw failed();
    if (user.deactivatedAt) throw ssoRefusal.deactivated();
    const who: AuditActor = { ...actor, id: user.id, email: user.email, name: user.username };
    const returnTo = handoff.returnTo;
    const providerSession = { issuer: handoff.issuer!, subject: handoff.subject!, sid: handoff.sid };
    return this.db.transaction(async (tx) => {
      if (handoff.secondFactorDue) {
        const purpose = user.twoFactorEnabled ? 'verify' : 'setup';
        const tempToken = await createPendingLogin(tx, { user, purpose, rememberMe: false, providerSession });
        await appendAudit(tx, {
          type: AUDIT_TYPES.secondFactorRequired,
          actor: who,
          outcome: 'success',
          details:
            purpose === 'setup'
              ? 'Connexion SSO acceptée ; activation de la 2FA requise'
              : 'Connexion SSO acceptée ; code 2FA demandé',
          metadata: { via: 'sso' },
        });
        return {
          user: toPublicUser(user),
          token: null,
          sessionId: null,
          expiresAt: null,
          requires2FA: true,
          tempToken,
          setupRequired: purpose === 'setup',
          returnTo,
        };
      }
      const result = await openSession(tx, this.store, {
        user: toPublicUser(user),
        preferences: user.preferences,
        rememberMe: false,
        actor: who,
        method: 'sso',
        secondFactorByProvider: handoff.secondFactorByProvider,
        providerSession,
      });
      return { ...result, returnTo };
    });
  }

  /**
   * With OIDC_LOGOUT=provider, where the browser goes after signing out of a session opened through
   * the provider: its end-session endpoint, which sends the person back to /login.
   */
  async providerLogoutUrl(sessionId: string, publicUrl: string): Promise<string | null> {
    if (this.oidc.logout !== 'provider') return null;
    const [row] = await this.db.select().from(ssoSessions).where(eq(ssoSessions.sessionId, sessionId));
    if (!row) return null;
    const configuration = await this.link.get().catch(() => null);
    if (!configuration?.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(configuration, {
      client_id: this.oidc.clientId,
      post_logout_redirect_uri: `${publicUrl}/login`,
    }).href;
  }

  /** openid-client's checks of the answer: state, PKCE, then the ID token (signature, iss, aud, exp, nonce). */
  private async verify(query: string, codeVerifier: string, state: string, nonce: string) {
    const configuration = await this.link.get();
    const currentUrl = new URL(this.redirectUri);
    currentUrl.search = query;
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    let claims: Record<string, unknown> = { ...idClaims };
    // Some providers put e-mail and groups only in the userinfo answer; the ID token's own claims win.
    const missing = claims.email === undefined || claims[this.oidc.groupsClaim] === undefined;
    if (missing && configuration.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      claims = { ...info, ...idClaims };
    }
    const sid = typeof idClaims.sid === 'string' ? idClaims.sid : null;
    return { issuer: idClaims.iss, subject: idClaims.sub, sid, claims };
  }

  private async handOff(values: Omit<typeof ssoHandoffs.$inferInsert, 'codeHash' | 'expiresAt'>) {
    const code = newToken();
    const now = new Date();
    await this.db.transaction(async (tx) => {
      await tx.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, now));
      await tx.insert(ssoHandoffs).values({
        ...values,
        codeHash: sha256(code),
        expiresAt: new Date(now.getTime() + SSO.handoffSeconds * 1000),
      });
    });
    return code;
  }
}

/** The refusal the callback stored, answered as it would have been at once. */
function refusalFor(status: number, code: ErrorCode): AppError {
  if (code === 'sso_no_account') return ssoRefusal.noAccount();
  if (code === 'sso_email_unverified') return ssoRefusal.unverified();
  if (code === 'account_deactivated') return ssoRefusal.deactivated();
  if (code === 'sso_unavailable') return new AppError(503, code, 'The identity provider is unreachable');
  return status === 401 ? failed() : new AppError(status, code, PROBLEM_DETAILS.loginFailed);
}
