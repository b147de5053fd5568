import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupCodesSchema,
  envelope,
  loginResultSchema,
  PROBLEM_DETAILS,
  totpCodeBodySchema,
  twoFactorDisabledSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyResultSchema,
  verifyBackupSchema,
  verifyTwoFactorLoginSchema,
} from '@jalon/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../../lib/request-context.ts';
import { loginIpLimit } from '../auth/login-ip-limit.ts';
import { findPendingLogin } from '../auth/pending-logins.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import { sessionExpiresAt } from '../sessions/session-store.ts';

/** The user behind a two-factor route: a session's, or a pending sign-in's (tempToken). */
const currentUser = (request: FastifyRequest) => (request.session?.user ?? request.pendingLogin?.user)!;
const pendingOnly = { access: 'pending', allowWithoutTwoFactor: true } as const;

export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ipLimit = loginIpLimit(ctx.config.login);

  async function pendingFromBody(tempToken: string) {
    const pending = await findPendingLogin(ctx.db, tempToken);
    if (!pending) throw new AppError(401, 'session_expired', PROBLEM_DETAILS.sessionExpired);
    return pending;
  }

  app.get(
    '/2fa/status',
    { config: pendingOnly, schema: { tags: ['two-factor'], summary: 'Whether 2FA is on, and how many backup codes remain', response: { 200: envelope(twoFactorStatusSchema) } } },
    async (request) => ({ data: await ctx.twoFactor.status(currentUser(request).id) }),
  );

  app.post(
    '/2fa/setup',
    {
      config: pendingOnly,
      schema: { tags: ['two-factor'], summary: 'Start enrolment: secret, QR code and 10 backup codes (409 when already on)', response: { 200: envelope(twoFactorSetupSchema) } },
    },
    async (request) => ({ data: await ctx.twoFactor.setup(currentUser(request), actorOf(request)) }),
  );

  app.post(
    '/2fa/verify',
    {
      config: pendingOnly,
      schema: {
        tags: ['two-factor'],
        summary: 'Confirm enrolment with a code; with a tempToken it also opens the session',
        body: totpCodeBodySchema,
        response: { 200: envelope(twoFactorVerifyResultSchema) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const pending = request.pendingLogin;
      if (pending?.purpose === 'verify') {
        // Already enrolled: this is the ordinary sign-in step.
        const result = await ctx.twoFactor.completeSignIn(pending, request.body.code, actor);
        setSessionCookie(reply, ctx.config, result.token!, new Date(result.expiresAt!));
        return { data: { ...result, enabled: true as const } };
      }
      const session = request.session;
      const who = pending
        ? { pending }
        : {
            session: {
              user: session!.user,
              token: request.headers.authorization!.replace(/^Bearer\s+/, ''),
              sessionId: session!.id,
              expiresAt: new Date(sessionExpiresAt(session!)).toISOString(),
            },
          };
      const result = await ctx.twoFactor.confirmSetup(who, request.body.code, actor);
      if (pending) setSessionCookie(reply, ctx.config, result.token!, new Date(result.expiresAt!));
      return { data: result };
    },
  );

  app.post(
    '/2fa/disable',
    {
      schema: { tags: ['two-factor'], summary: 'Turn 2FA off with a current code (not for administrators)', body: totpCodeBodySchema, response: { 200: envelope(twoFactorDisabledSchema) } },
    },
    async (request) => {
      await ctx.twoFactor.disable(request.session!.user, request.body.code, actorOf(request));
      return { data: { enabled: false as const, message: 'Two-factor authentication disabled successfully' } };
    },
  );

  app.post(
    '/2fa/backup-codes',
    {
      schema: { tags: ['two-factor'], summary: 'Replace the backup codes (needs a current code)', body: totpCodeBodySchema, response: { 200: envelope(backupCodesSchema) } },
    },
    async (request) => ({ data: { backupCodes: await ctx.twoFactor.regenerateBackupCodes(request.session!.user, request.body.code, actorOf(request)) } }),
  );

  app.post(
    '/auth/verify-2fa',
    {
      config: { access: 'public', rateLimit: ipLimit },
      schema: {
        tags: ['two-factor'],
        summary: 'Sign-in step: a TOTP code or a backup code with the tempToken',
        body: verifyTwoFactorLoginSchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const pending = await pendingFromBody(request.body.tempToken);
      const result = await ctx.twoFactor.completeSignIn(pending, request.body.code, actorOf(request, pending.user));
      setSessionCookie(reply, ctx.config, result.token!, new Date(result.expiresAt!));
      return { data: result };
    },
  );

  app.post(
    '/2fa/verify-backup',
    {
      config: { access: 'public', rateLimit: ipLimit },
      schema: {
        tags: ['two-factor'],
        summary: 'Sign-in step with a backup code only',
        body: verifyBackupSchema.refine((body) => body.tempToken !== undefined, { message: 'tempToken is required', path: ['tempToken'] }),
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const pending = await pendingFromBody(request.body.tempToken!);
      const result = await ctx.twoFactor.completeSignIn(pending, request.body.code, actorOf(request, pending.user), 'backup_code');
      setSessionCookie(reply, ctx.config, result.token!, new Date(result.expiresAt!));
      return { data: result };
    },
  );
};

