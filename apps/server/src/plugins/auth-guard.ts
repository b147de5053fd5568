import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_DETAILS, SESSION_HEADERS } from '@jalon/contract';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { findPendingLogin, type PendingLogin } from '../modules/auth/pending-logins.ts';
import { personalTokenUse, READ_METHODS } from '../modules/api-tokens/token-access.ts';
import {
  isPersonalToken,
  type ApiTokenService,
  type TokenIdentity,
} from '../modules/api-tokens/token-service.ts';
import {
  sessionExpiresAt,
  type ActiveSession,
  type SessionStore,
} from '../modules/sessions/session-store.ts';

/**
 * Who may call a route:
 * - `public`: anyone (sign-in, reset, health); a valid session is still recognised when sent.
 * - `session`: a signed-in session (the default: secure unless a route says otherwise).
 * - `pending`: a session or a `tempToken` (the two-factor routes and sign-out).
 * - `cookie`: a signed-in session named by the session cookie, never by the header (the event stream
 *   only: EventSource cannot send headers, and the route changes nothing, S27).
 */
export type RouteAccess = 'public' | 'session' | 'pending' | 'cookie';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** An admin without 2FA may call this route (everything else answers 403, S15). */
    allowWithoutTwoFactor?: boolean;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
    pendingLogin: PendingLogin | null;
    /** Set when the request is signed in with a personal access token rather than a session. */
    apiToken: { id: string; scope: TokenIdentity['scope'] } | null;
  }
}

/** The token of a well-formed `Authorization: Bearer` header, or null. */
export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(header);
  return match?.[1] ?? null;
};

const cookieToken = (request: FastifyRequest, name: string): string | null => {
  const value = request.cookies[name];
  return value && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
};

const sessionExpired = () => new AppError(401, 'session_expired', PROBLEM_DETAILS.sessionExpired);

const adminWithoutTwoFactor = () =>
  new AppError(
    403,
    'two_factor_enrolment_required',
    'Administrators must enable two-factor authentication first',
    {
      requires2FA: true,
    },
  );

/**
 * What the routes read of a signed-in request, for a personal token: the person, and an id (the
 * token's) that per-requester keys use. It is no session: nothing extends it, and no session header is
 * sent back.
 */
function tokenSession(identity: TokenIdentity, now: number): ActiveSession {
  return {
    id: identity.id,
    user: identity.user,
    preferences: identity.preferences,
    rememberMe: false,
    createdAt: new Date(now),
    lastActiveAt: now,
    persistedActiveAt: now,
    absoluteExpiresAt: identity.expiresAt ?? Number.MAX_SAFE_INTEGER,
    idleMs: Number.MAX_SAFE_INTEGER,
    loadedAt: now,
    // A token is no provider sign-in: an administrator's token needs their own second factor.
    secondFactorByProvider: false,
  };
}

/**
 * Authenticates every /api request from its `Authorization: Bearer` header only; the session cookie is
 * never read here, so no state-changing call can be forged cross-site (S27).
 */
export const authGuardPlugin = fp(
  async (
    app: FastifyInstance,
    options: { db: Db; store: SessionStore; tokens: ApiTokenService; cookieName: string },
  ) => {
    app.decorateRequest('session', null);
    app.decorateRequest('pendingLogin', null);
    app.decorateRequest('apiToken', null);

    /** A request that sends `Bearer jalon_pat_…` (issue 39). */
    const signInWithToken = async (request: FastifyRequest, token: string, access: RouteAccess) => {
      const use = personalTokenUse(access, request.routeOptions.url ?? request.url);
      const now = Date.now();
      const identity = await options.tokens.authenticate(token, now);
      if (!identity) throw new AppError(401, 'unauthorized', 'Access token invalid, expired or revoked');
      if (use === 'refused')
        throw new AppError(403, 'forbidden', 'Personal access tokens cannot be used on security routes');
      if (identity.user.role === 'admin' && !identity.user.twoFactorEnabled) throw adminWithoutTwoFactor();
      if (identity.scope === 'read' && !READ_METHODS.has(request.method))
        throw new AppError(403, 'forbidden', 'This token may only read');
      options.tokens.touch(identity.id, now).catch((error: unknown) => {
        request.log.error({ err: error }, 'token last use not recorded');
      });
      request.session = tokenSession(identity, now);
      request.apiToken = { id: identity.id, scope: identity.scope };
    };

    app.addHook('onRequest', async (request) => {
      // Unknown routes answer 404 alike for everyone; nothing behind them to protect.
      if (!request.url.startsWith('/api/') || request.is404) return;
      const access = request.routeOptions.config?.access ?? 'session';
      const token = access === 'cookie' ? cookieToken(request, options.cookieName) : bearerToken(request);
      if (token && access !== 'cookie' && isPersonalToken(token)) {
        // On a public route a token is not a credential: the route answers as it does to anyone.
        if (access === 'public') return;
        return signInWithToken(request, token, access);
      }

      const session = token ? await options.store.authenticate(token) : null;
      if (session) {
        const claimedId = request.headers['x-session-id'];
        if (typeof claimedId === 'string' && claimedId !== '' && claimedId !== session.id)
          throw sessionExpired();
        if (
          access !== 'public' &&
          session.user.role === 'admin' &&
          !session.user.twoFactorEnabled &&
          !session.secondFactorByProvider &&
          !request.routeOptions.config?.allowWithoutTwoFactor
        ) {
          throw adminWithoutTwoFactor();
        }
        options.store.touch(session);
        request.session = session;
        return;
      }
      if (access === 'public') return;
      // A tempToken in the cookie (never set there, but a client could) or a stale cookie: refused alike.
      if (access === 'cookie')
        throw token ? sessionExpired() : new AppError(401, 'unauthorized', 'Authentication required');

      const pending = token ? await findPendingLogin(options.db, token) : null;
      if (pending && access === 'pending') {
        request.pendingLogin = pending;
        return;
      }
      if (pending) {
        // A tempToken opens only the two-factor routes (S11); the client sends the person to /security.
        throw new AppError(401, 'two_factor_required', 'Two-factor authentication is not complete', {
          requires2FA: true,
        });
      }
      if (token || request.headers.authorization) throw sessionExpired();
      throw new AppError(401, 'unauthorized', 'Authentication required');
    });

    // Every answer to a signed-in request tells the client the current expiry, so its countdown stays right.
    app.addHook('onSend', async (request, reply) => {
      if (!request.session || request.apiToken) return;
      reply.header(SESSION_HEADERS.sessionId, request.session.id);
      reply.header(SESSION_HEADERS.expiresAt, new Date(sessionExpiresAt(request.session)).toISOString());
    });
  },
);
