import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PROBLEM_DETAILS, SESSION_HEADERS } from '@jalon/contract';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { findPendingLogin, type PendingLogin } from '../modules/auth/pending-logins.ts';
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

/**
 * Authenticates every /api request from its `Authorization: Bearer` header only; the session cookie is
 * never read here, so no state-changing call can be forged cross-site (S27).
 */
export const authGuardPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; store: SessionStore; cookieName: string }) => {
    app.decorateRequest('session', null);
    app.decorateRequest('pendingLogin', null);

    app.addHook('onRequest', async (request) => {
      // Unknown routes answer 404 alike for everyone; nothing behind them to protect.
      if (!request.url.startsWith('/api/') || request.is404) return;
      const access = request.routeOptions.config?.access ?? 'session';
      const token = access === 'cookie' ? cookieToken(request, options.cookieName) : bearerToken(request);

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
          throw new AppError(
            403,
            'two_factor_enrolment_required',
            'Administrators must enable two-factor authentication first',
            {
              requires2FA: true,
            },
          );
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
      if (!request.session) return;
      reply.header(SESSION_HEADERS.sessionId, request.session.id);
      reply.header(SESSION_HEADERS.expiresAt, new Date(sessionExpiresAt(request.session)).toISOString());
    });
  },
);
