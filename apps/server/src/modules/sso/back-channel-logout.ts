import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { AUDIT_TYPES } from '@jalon/contract';
import type { OidcConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pendingLogins, sessions, ssoLogoutTokens, ssoPendingLogins, ssoSessions } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { OidcProviderLink } from './oidc-provider-link.ts';

/** The event a logout token carries (OpenID Connect Back-Channel Logout 1.0, §2.4). */
const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/**
 * How old a logout token may be (from its `iat`), and so how long its `jti` is kept to refuse a replay:
 * a token older than this is refused for its age, one younger for its `jti`.
 */
const MAX_AGE_SECONDS = 300;
/** The provider's clock and ours may differ by this much. */
const CLOCK_TOLERANCE_SECONDS = 30;

const invalid = (reason: string) =>
  new AppError(400, 'sso_logout_token_invalid', `The logout token was refused: ${reason}`);

type Actor = Omit<AuditActor, 'id' | 'email' | 'name'>;

/** What a verified logout token names: the provider's session (`sid`), its person (`sub`), or both. */
interface LogoutClaims {
  issuer: string;
  jti: string;
  sub: string | null;
  sid: string | null;
}

/**
 * The provider tells Jalon, server to server, that a person signed out there (issue 38). The token is
 * checked by jose (the JOSE library openid-client is built on; openid-client itself does not read
 * logout tokens): its signature against the provider's published keys, `iss`, `aud`, `iat`; then the
 * rules of the specification: the logout event, no `nonce`, a `sub` or a `sid`, a `jti` seen once.
 * Every Jalon session opened through that provider session (or for that person) ends at once, and
 * sign-ins still waiting for Jalon's second factor are dropped.
 */
export class BackChannelLogout {
  private keys: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly link: OidcProviderLink,
    private readonly oidc: OidcConfig,
  ) {}

  /** Ends the sessions the token names; returns their ids, for the caller to announce. */
  async end(logoutToken: string, actor: Actor): Promise<string[]> {
    const claims = await this.verify(logoutToken);
    const now = new Date();
    return this.db.transaction(async (tx) => {
      await tx.delete(ssoLogoutTokens).where(lt(ssoLogoutTokens.expiresAt, now));
      const [fresh] = await tx
        .insert(ssoLogoutTokens)
        .values({
          issuer: claims.issuer,
          jti: claims.jti,
          expiresAt: new Date(now.getTime() + (MAX_AGE_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000),
        })
        .onConflictDoNothing()
        .returning();
      if (!fresh) throw invalid('jti replayed');

      const named = (table: typeof ssoSessions | typeof ssoPendingLogins) =>
        and(
          eq(table.issuer, claims.issuer),
          claims.sub ? eq(table.subject, claims.sub) : undefined,
          claims.sid ? eq(table.sid, claims.sid) : undefined,
        );
      const opened = tx.select({ id: ssoSessions.sessionId }).from(ssoSessions).where(named(ssoSessions));
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'provider_logout' })
        .where(and(inArray(sessions.id, opened), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id, userId: sessions.userId });
      const waiting = tx
        .select({ id: ssoPendingLogins.pendingLoginId })
        .from(ssoPendingLogins)
        .where(named(ssoPendingLogins));
      await tx.delete(pendingLogins).where(inArray(pendingLogins.id, waiting));
      await appendAudit(tx, {
        type: AUDIT_TYPES.ssoLogout,
        actor: { ...actor, id: null, email: null, name: null },
        outcome: 'success',
        resource: revoked[0] ? `user:${revoked[0].userId}` : undefined,
        details: `Déconnexion annoncée par le fournisseur d’identité : ${revoked.length} session(s) terminée(s)`,
        metadata: { issuer: claims.issuer, sub: claims.sub, sid: claims.sid, sessions: revoked.length },
      });
      return revoked.map((row) => row.id);
    });
  }

  private async verify(logoutToken: string): Promise<LogoutClaims> {
    const configuration = await this.link.get();
    const metadata = configuration.serverMetadata();
    if (!metadata.jwks_uri) throw invalid('the provider publishes no keys');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(logoutToken, this.keySet(metadata.jwks_uri), {
        issuer: metadata.issuer,
        audience: this.oidc.clientId,
        algorithms: metadata.id_token_signing_alg_values_supported?.filter((alg) => alg !== 'none'),
        requiredClaims: ['iat', 'jti', 'events'],
        maxTokenAge: MAX_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      }));
    } catch (error) {
      throw invalid(error instanceof Error ? error.message : String(error));
    }
    const events = payload.events as Record<string, unknown> | null;
    const event = typeof events === 'object' && events !== null ? events[LOGOUT_EVENT] : undefined;
    if (typeof event !== 'object' || event === null) throw invalid('no back-channel logout event');
    // A nonce would make it an ID token: one must never be taken for the other (§2.6).
    if ('nonce' in payload) throw invalid('a nonce is present');
    const sub = typeof payload.sub === 'string' ? payload.sub : null;
    const sid = typeof payload.sid === 'string' ? payload.sid : null;
    if (!sub && !sid) throw invalid('neither sub nor sid');
    if (typeof payload.jti !== 'string') throw invalid('no jti');
    return { issuer: metadata.issuer, jti: payload.jti, sub, sid };
  }

  /**
   * The provider's published keys, fetched again by jose when a token names a key id it has not seen
   * (a rotation), at most every 30 seconds.
   */
  private keySet(uri: string) {
    if (this.keys?.uri !== uri) this.keys = { uri, set: createRemoteJWKSet(new URL(uri)) };
    return this.keys.set;
  }
}
