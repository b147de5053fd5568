import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  backupCodesSchema,
  currentFactorBodySchema,
  envelope,
  loginResultSchema,
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
import { actorOf } from '../../lib/request-context.ts';
import { loginIpLimit } from '../auth/login-ip-limit.ts';
import { requirePendingLogin } from '../auth/pending-logins.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import { sessionExpiresAt } from '../sessions/session-store.ts';

/** The user behind a two-factor route: a session's, or a pending sign-in's (tempToken). */
const currentUser = (request: FastifyRequest) => (request.session?.user ?? request.pendingLogin?.user)!;
const pendingOnly = { access: 'pending', allowWithoutTwoFactor: true } as const;

export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ipLimit = loginIpLimit(ctx.config.login);

  const pendingFromBody = (tempToken: string) => requirePendingLogin(ctx.db, tempToken);

  app.get(
    '/2fa/status',
    {
      config: pendingOnly,
      schema: {
        operationId: 'getTwoFactorStatus',
        tags: ['two-factor'],
        summary: 'Whether 2FA is on, and how many backup codes remain',
        response: { 200: envelope(twoFactorStatusSchema) },
      },
    },
    async (request) => ({ data: await ctx.twoFactor.status(currentUser(request).id) }),
  );

  app.post(
    '/2fa/setup',
    {
      config: { ...pendingOnly, problems: [409] },
      schema: {
        operationId: 'startTwoFactorSetup',
        tags: ['two-factor'],
        summary: 'Start enrolment: secret, QR code and 10 backup codes (409 when already on)',
        response: { 200: envelope(twoFactorSetupSchema) },
      },
    },
    async (request) => ({ data: await ctx.twoFactor.setup(currentUser(request), actorOf(request)) }),
  );

  app.post(
    '/2fa/verify',
    {
      // A code check like the sign-in's: the same per-IP limit on top of the account's counter (S06).
      config: { ...pendingOnly, rateLimit: ipLimit, problems: [409] },
      schema: {
        operationId: 'confirmTwoFactorSetup',
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
        setSessionCookie(reply, ctx.config, result.token!);
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
      if (pending) setSessionCookie(reply, ctx.config, result.token!);
      return { data: result };
    },
  );

  app.post(
    '/2fa/disable',
    {
      // 429: the account's wrong-code counter, shared with every code check (decision 0022).
      config: { problems: [429] },
      schema: {
        operationId: 'disableTwoFactor',
        tags: ['two-factor'],
        summary: 'Turn 2FA off with a current code (not for administrators)',
        body: totpCodeBodySchema,
        response: { 200: envelope(twoFactorDisabledSchema) },
      },
    },
    async (request) => {
      await ctx.twoFactor.disable(
        request.session!.user,
        request.session!.id,
        request.body.code,
        actorOf(request),
      );
      return {
        data: { enabled: false as const, message: 'Two-factor authentication disabled successfully' },
      };
    },
  );

  app.post(
    '/2fa/backup-codes',
    {
      config: { problems: [429] },
      schema: {
        operationId: 'regenerateBackupCodes',
        tags: ['two-factor'],
        summary: 'Replace the backup codes (needs a current code or passkey)',
        body: currentFactorBodySchema,
        response: { 200: envelope(backupCodesSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = request.session!.user;
      const proof = await ctx.passkeys.proofFrom(user, request.body, actor);
      return {
        data: {
          backupCodes: await ctx.twoFactor.regenerateBackupCodes(user, request.session!.id, proof, actor),
        },
      };
    },
  );

  app.post(
    '/auth/verify-2fa',
    {
      config: { access: 'public', rateLimit: ipLimit, problems: [401] },
      schema: {
        operationId: 'verifyTwoFactorCode',
        tags: ['two-factor'],
        summary: 'Sign-in step: a TOTP code or a backup code with the tempToken',
        body: verifyTwoFactorLoginSchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const pending = await pendingFromBody(request.body.tempToken);
      const result = await ctx.twoFactor.completeSignIn(
        pending,
        request.body.code,
        actorOf(request, pending.user),
      );
      setSessionCookie(reply, ctx.config, result.token!);
      return { data: result };
    },
  );

  app.post(
    '/2fa/verify-backup',
    {
      config: { access: 'public', rateLimit: ipLimit, problems: [401] },
      schema: {
        operationId: 'verifyBackupCode',
        tags: ['two-factor'],
        summary: 'Sign-in step with a backup code only',
        body: verifyBackupSchema.refine((body) => body.tempToken !== undefined, {
          message: 'tempToken is required',
          path: ['tempToken'],
        }),
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const pending = await pendingFromBody(request.body.tempToken!);
      const result = await ctx.twoFactor.completeSignIn(
        pending,
        request.body.code,
        actorOf(request, pending.user),
        'backup_code',
      );
      setSessionCookie(reply, ctx.config, result.token!);
      return { data: result };
    },
  );
};
