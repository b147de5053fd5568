import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  revokedCountSchema,
  sessionCheckSchema,
  sessionIdParamsSchema,
  sessionListSchema,
  sessionRefreshSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { bearerToken } from '../../plugins/auth-guard.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import { sessionExpiresAt } from './session-store.ts';

export const sessionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/auth/sessions/check',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'checkSession',
        tags: ['sessions'],
        summary:
          'Whether the bearer token is a live session; when it is, the event stream’s cookie is set again',
        response: { 200: envelope(sessionCheckSchema) },
      },
    },
    async (request, reply) => {
      if (!request.session) {
        const token = bearerToken(request);
        return {
          data: { valid: false, expiresAt: null, ended: token ? await ctx.sessions.endReason(token) : null },
        };
      }
      // The page asks this after its event stream failed: a browser that lost the cookie (restarted,
      // or holding another sign-in's) gets it back for this session, and the stream reconnects.
      setSessionCookie(reply, ctx.config, bearerToken(request)!);
      return {
        data: {
          valid: true,
          expiresAt: new Date(sessionExpiresAt(request.session)).toISOString(),
          ended: null,
        },
      };
    },
  );

  app.post(
    '/auth/sessions/refresh',
    {
      config: { allowWithoutTwoFactor: true },
      schema: {
        operationId: 'refreshSession',
        tags: ['sessions'],
        summary: 'Extend the session (never past its absolute limit)',
        response: { 200: envelope(sessionRefreshSchema) },
      },
    },
    async (request, reply) => {
      const session = request.session!;
      const expiresAt = await ctx.sessions.refresh(session, actorOf(request));
      // The token is kept: two tabs refreshing at the same instant both stay signed in (S24).
      const token = bearerToken(request)!;
      setSessionCookie(reply, ctx.config, token);
      return { data: { token, sessionId: session.id, expiresAt: new Date(expiresAt).toISOString() } };
    },
  );

  app.get(
    '/auth/sessions',
    {
      schema: {
        operationId: 'listSessions',
        tags: ['sessions'],
        summary: "The signed-in user's live sessions",
        response: { 200: envelope(sessionListSchema) },
      },
    },
    async (request) => ({ data: await ctx.sessions.list(request.session!) }),
  );

  app.delete(
    '/auth/sessions/others',
    {
      schema: {
        operationId: 'revokeOtherSessions',
        tags: ['sessions'],
        summary: 'Revoke every other session of the user',
        response: { 200: envelope(revokedCountSchema) },
      },
    },
    async (request) => ({
      data: { revoked: await ctx.sessions.revokeOthers(request.session!, actorOf(request)) },
    }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        operationId: 'revokeSession',
        tags: ['sessions'],
        summary: 'Revoke one of the user’s sessions (another user’s id answers 404)',
        params: sessionIdParamsSchema,
        response: { 200: envelope(revokedCountSchema) },
      },
    },
    async (request) => {
      await ctx.sessions.revokeOne(request.session!, request.params.id, actorOf(request));
      if (request.params.id === request.session!.id) request.session = null;
      return { data: { revoked: 1 } };
    },
  );
};
