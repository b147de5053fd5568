import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_TYPES,
  DEFAULT_PREFERENCES,
  envelope,
  loginRequestSchema,
  loginResultSchema,
  logoutResultSchema,
  meSchema,
  registerRequestSchema,
  userSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { appendAudit } from '../audit/audit-writer.ts';
import { sessionExpiresAt } from '../sessions/session-store.ts';
import { createUser, toPublicUser } from '../users/user-service.ts';
import { loginIpLimit } from './login-ip-limit.ts';
import { deletePendingLogin } from './pending-logins.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/login',
    {
      // 401 for wrong credentials, 403 for a deactivated account (the right password only).
      config: { access: 'public', rateLimit: loginIpLimit(ctx.config.login), problems: [401, 403] },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await ctx.login.login(
        {
          email: request.body.email,
          password: request.body.password,
          rememberMe: request.body.rememberMe ?? false,
        },
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
      );
      if (result.token && result.expiresAt) setSessionCookie(reply, ctx.config, result.token);
      return { data: result };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'pending', allowWithoutTwoFactor: true },
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: 'Sign out (ends the session or the pending sign-in)',
        response: { 200: envelope(logoutResultSchema) },
      },
    },
    async (request, reply) => {
      let redirectTo: string | null = null;
      if (request.session) {
        // Read before the session ends: was it opened through the provider (OIDC_LOGOUT=provider)?
        redirectTo = (await ctx.sso?.providerLogoutUrl(request.session.id, ctx.config.publicUrl)) ?? null;
        await ctx.sessions.logout(request.session, actorOf(request));
        request.session = null;
      } else if (request.pendingLogin) {
        const pending = request.pendingLogin;
        await ctx.db.transaction(async (tx) => {
          await deletePendingLogin(tx, pending.id);
          await appendAudit(tx, {
            type: AUDIT_TYPES.logout,
            actor: actorOf(request),
            outcome: 'success',
            details: 'Connexion en attente abandonnée',
          });
        });
      }
      clearSessionCookie(reply, ctx.config);
      return { data: { loggedOut: true as const, ...(redirectTo ? { redirectTo } : {}) } };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { allowWithoutTwoFactor: true },
      schema: {
        operationId: 'getMe',
        tags: ['auth'],
        summary: 'The signed-in user, preferences and session',
        response: { 200: envelope(meSchema) },
      },
    },
    // Answered from the session cache: no database read (see docs/performance.md).
    async (request) => {
      const session = request.session!;
      return {
        data: {
          user: session.user,
          preferences: { ...DEFAULT_PREFERENCES, ...session.preferences },
          session: {
            id: session.id,
            expiresAt: new Date(sessionExpiresAt(session)).toISOString(),
            secondFactorByProvider: session.secondFactorByProvider,
          },
        },
      };
    },
  );

  if (ctx.config.allowRegistration) {
    app.post(
      '/auth/register',
      {
        config: {
          access: 'public',
          rateLimit: { max: ctx.config.login.ipMax, timeWindow: ctx.config.login.ipWindowMs },
          problems: [409],
        },
        schema: {
          operationId: 'register',
          tags: ['auth'],
          summary: 'Create a member account (only when ALLOW_REGISTRATION=true)',
          body: registerRequestSchema,
          response: { 201: envelope(userSchema) },
        },
      },
      async (request, reply) => {
        const user = await ctx.db.transaction(async (tx) => {
          const created = await createUser(tx, { ...request.body, role: 'member' });
          await appendAudit(tx, {
            type: AUDIT_TYPES.registered,
            actor: actorOf(request, created),
            outcome: 'success',
            resource: `user:${created.id}`,
          });
          return created;
        });
        return reply.code(201).send({ data: toPublicUser(user) });
      },
    );
  }
};
