import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  loginResultSchema,
  passkeyIdParamsSchema,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegisterBodySchema,
  passkeyRegisteredSchema,
  passkeyRegistrationOptionsBodySchema,
  passkeyRemoveBodySchema,
  passkeyRemovedSchema,
  passkeySignInBodySchema,
  passkeySignInOptionsBodySchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../../lib/request-context.ts';
import { loginIpLimit } from '../auth/login-ip-limit.ts';
import { requirePendingLogin } from '../auth/pending-logins.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import type { PasskeyCaller } from './passkey-service.ts';

const tags = ['passkeys'];

export const passkeyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ipLimit = loginIpLimit(ctx.config.login);

  const pendingFromBody = (tempToken: string) => requirePendingLogin(ctx.db, tempToken);

  app.get(
    '/2fa/passkeys',
    {
      schema: {
        tags,
        summary: 'The passkeys of the signed-in user',
        response: { 200: envelope(passkeyListSchema) },
      },
    },
    async (request) => ({ data: { passkeys: await ctx.passkeys.list(request.session!.user.id) } }),
  );

  /** A signed-in session, or an administrator's forced enrolment (its 'setup' tempToken). */
  const callerOf = (request: FastifyRequest): PasskeyCaller =>
    request.pendingLogin
      ? { pending: request.pendingLogin }
      : { session: { user: request.session!.user, id: request.session!.id } };
  const enrolment = { access: 'pending', allowWithoutTwoFactor: true } as const;

  app.post(
    '/2fa/passkeys/options',
    {
      // 409: ten passkeys already, or a tempToken whose account has a factor; 429: the shared wrong-code counter.
      config: { ...enrolment, problems: [409, 429] },
      schema: {
        tags,
        summary:
          'Start adding a passkey (a current code or passkey when the account has a second factor; none for the first)',
        body: passkeyRegistrationOptionsBodySchema,
        response: { 200: envelope(passkeyOptionsSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const session = request.session;
      const proof =
        session && (request.body.code || request.body.passkey)
          ? await ctx.passkeys.proofFrom(session.user, request.body, actor)
          : null;
      return { data: await ctx.passkeys.registrationOptions(callerOf(request), proof, actor) };
    },
  );

  app.post(
    '/2fa/passkeys',
    {
      config: { ...enrolment, problems: [409] },
      schema: {
        tags,
        summary:
          'Add a passkey: the browser’s answer to the options (the first one turns 2FA on; from a tempToken it opens the session)',
        body: passkeyRegisterBodySchema,
        response: { 200: envelope(passkeyRegisteredSchema) },
      },
    },
    async (request, reply) => {
      const result = await ctx.passkeys.register(callerOf(request), request.body, actorOf(request));
      if (result.signIn) setSessionCookie(reply, ctx.config, result.signIn.token!);
      return { data: result };
    },
  );

  app.post(
    '/2fa/passkeys/assertion-options',
    {
      // 404: no passkey to confirm with.
      config: { problems: [404] },
      schema: {
        tags,
        summary: 'A challenge for confirming a change to the second factor with a passkey',
        response: { 200: envelope(passkeyOptionsSchema) },
      },
    },
    async (request) => ({ data: await ctx.passkeys.stepUpOptions(request.session!.user) }),
  );

  app.delete(
    '/2fa/passkeys/:id',
    {
      // 403: an administrator's last second factor; 429: the shared wrong-code counter.
      config: { problems: [429] },
      schema: {
        tags,
        summary:
          'Remove one of the user’s passkeys with a current code or passkey (another user’s id answers 404)',
        params: passkeyIdParamsSchema,
        body: passkeyRemoveBodySchema,
        response: { 200: envelope(passkeyRemovedSchema) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = request.session!.user;
      const proof = await ctx.passkeys.proofFrom(user, request.body, actor);
      await ctx.passkeys.remove(user, request.session!.id, request.params.id, proof, actor);
      return { data: { removed: true as const } };
    },
  );

  app.post(
    '/auth/passkey-options',
    {
      // 403: a pending enrolment (not a sign-in step); 404: no passkey on this account.
      config: { access: 'public', rateLimit: ipLimit, problems: [403, 404] },
      schema: {
        tags,
        summary: 'Sign-in step with a passkey: the challenge for the tempToken',
        body: passkeySignInOptionsBodySchema,
        response: { 200: envelope(passkeyOptionsSchema) },
      },
    },
    async (request) => ({
      data: await ctx.passkeys.signInOptions(await pendingFromBody(request.body.tempToken)),
    }),
  );

  app.post(
    '/auth/verify-passkey',
    {
      config: { access: 'public', rateLimit: ipLimit },
      schema: {
        tags,
        summary: 'Sign-in step with a passkey instead of a code',
        body: passkeySignInBodySchema,
        response: { 200: envelope(loginResultSchema) },
      },
    },
    async (request, reply) => {
      const pending = await pendingFromBody(request.body.tempToken);
      const result = await ctx.passkeys.completeSignIn(pending, request.body, actorOf(request, pending.user));
      setSessionCookie(reply, ctx.config, result.token!);
      return { data: result };
    },
  );
};
