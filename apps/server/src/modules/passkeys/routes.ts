import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  loginResultSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegisterBodySchema,
  passkeyRegistrationOptionsBodySchema,
  passkeyRemoveBodySchema,
  passkeyRemovedSchema,
  passkeySchema,
  passkeySignInBodySchema,
  passkeySignInOptionsBodySchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { loginIpLimit } from '../auth/login-ip-limit.ts';
import { requirePendingLogin } from '../auth/pending-logins.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';

const tags = ['passkeys'];

export const passkeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ipLimit = loginIpLimit(ctx.config.login);

  const pendingFromBody = (tempToken: string) => requirePendingLogin(ctx.db, tempToken);

  app.get(
    '/2fa/passkeys',
    { schema: { tags, summary: 'The passkeys of the signed-in user', response: { 200: envelope(passkeyListSchema) } } },
    async (request) => ({ data: { passkeys: await ctx.passkeys.list(request.session!.user.id) } }),
  );

  app.post(
    '/2fa/passkeys/options',
    {
      // 409: ten passkeys already; 429: the shared wrong-code counter.
      config: { problems: [409, 429] },
      schema: {
        tags,
        summary: 'Start adding a passkey (needs a current code; 2FA must be on)',
        body: passkeyRegistrationOptionsBodySchema,
        response: { 200: envelope(passkeyOptionsSchema) },
      },
    },
    async (request) => ({ data: await ctx.passkeys.registrationOptions(request.session!.user, request.session!.id, request.body.code, actorOf(request)) }),
  );

  app.post(
    '/2fa/passkeys',
    { config: { problems: [409] }, schema: { tags, summary: 'Add a passkey: the browser’s answer to the options', body: passkeyRegisterBodySchema, response: { 200: envelope(passkeySchema) } } },
    async (request) => ({ data: await ctx.passkeys.register(request.session!.user, request.body, actorOf(request)) }),
  );

  app.delete(
    '/2fa/passkeys/:id',
    {
      config: { problems: [429] },
      schema: {
        tags,
        summary: 'Remove one of the user’s passkeys with a current code (another user’s id answers 404)',
        params: passkeyIdParamsSchema,
        body: passkeyRemoveBodySchema,
        response: { 200: envelope(passkeyRemovedSchema) },
      },
    },
    async (request) => {
      await ctx.passkeys.remove(request.session!.user, request.session!.id, request.params.id, request.body.code, actorOf(request));
      return { data: { removed: true as const } };
    },
  );

  app.post(
    '/auth/passkey-options',
    {
      // 403: a pending enrolment (not a sign-in step); 404: no passkey on this account.
      config: { access: 'public', rateLimit: ipLimit, problems: [403, 404] },
      schema: { tags, summary: 'Sign-in step with a passkey: the challenge for the tempToken', body: passkeySignInOptionsBodySchema, response: { 200: envelope(passkeyOptionsSchema) } },
    },
    async (request) => ({ data: await ctx.passkeys.signInOptions(await pendingFromBody(request.body.tempToken)) }),
  );

  app.post(
    '/auth/verify-passkey',
    {
      config: { access: 'public', rateLimit: ipLimit },
      schema: { tags, summary: 'Sign-in step with a passkey instead of a code', body: passkeySignInBodySchema, response: { 200: envelope(loginResultSchema) } },
    },
    async (request, reply) => {
      const pending = await pendingFromBody(request.body.tempToken);
      const result = await ctx.passkeys.completeSignIn(pending, request.body, actorOf(request, pending.user));
      setSessionCookie(reply, ctx.config, result.token!, new Date(result.expiresAt!));
      return { data: result };
    },
  );
};
