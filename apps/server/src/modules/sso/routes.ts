import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  signInMethodsSchema,
  SSO,
  ssoBackChannelLogoutRequestSchema,
  ssoBackChannelLogoutResultSchema,
  ssoExchangeRequestSchema,
  ssoExchangeResultSchema,
  ssoCallbackQuerySchema,
  ssoStartQuerySchema,
  ssoStartResultSchema,
} from '@jalon/contract';
import type { AppContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { notFound } from '../../lib/errors.ts';
import { loginIpLimit } from '../auth/login-ip-limit.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import { SSO_BACK_CHANNEL_LOGOUT_PATH, SSO_CALLBACK_PATH, SSO_LANDING_PATH } from './sso-service.ts';

/**
 * The cookie that ties the provider's answer to the browser that asked (a login CSRF guard). SameSite=Lax,
 * since the answer is a top-level navigation from the provider's site; HttpOnly; gone at the callback.
 */
const flowCookieName = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https:') ? '__Host-jalon_sso' : 'jalon_sso';

function clearFlowCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(flowCookieName(config), { path: '/' });
}

/**
 * The move to the page is made by the page (a meta refresh, which the script policy allows), not by a
 * Location header: the code then stays out of every header a proxy might log, and in the fragment of
 * the next address, which no server receives. The code is base64url: nothing in it needs escaping.
 */
const handOffPage = (target: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">` +
  `<meta http-equiv="refresh" content="0;url=${target}"><title>Jalon</title></head>` +
  `<body><p><a href="${target}">Continuer vers Jalon</a></p></body></html>`;

/**
 * Not the sign-in limit: a provider that ends many people's sessions at once (someone left, an
 * administrator's bulk action) posts one logout token per session from one address. This only keeps
 * a flood of forged tokens from spending the server's time on signature checks.
 */
const BACK_CHANNEL_LIMIT = { max: 600, timeWindow: 60_000 };

export const ssoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { config } = ctx;

  app.get(
    '/auth/methods',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSignInMethods',
        tags: ['auth'],
        summary: 'What /login offers: the password form, the identity provider’s button',
        response: { 200: envelope(signInMethodsSchema) },
      },
    },
    async () => ({
      data: ctx.sso ? ctx.sso.methods(config.passwordLogin) : { password: config.passwordLogin, sso: null },
    }),
  );

  // Registered with or without a provider, so the published document always describes them; without
  // one they answer 404 like an unknown address.
  const provider = () => {
    if (!ctx.sso) throw notFound('Identity provider');
    return ctx.sso;
  };

  app.get(
    '/auth/sso/start',
    {
      config: { access: 'public', rateLimit: loginIpLimit(config.login), problems: [404, 503] },
      schema: {
        operationId: 'startSso',
        tags: ['auth'],
        summary: 'The identity provider’s address to send the browser to (sets the flow cookie)',
        querystring: ssoStartQuerySchema,
        response: { 200: envelope(ssoStartResultSchema) },
      },
    },
    async (request, reply) => {
      const { url, browserSecret } = await provider().start(request.query.returnTo ?? '/dashboard');
      reply.setCookie(flowCookieName(config), browserSecret, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https:'),
        path: '/',
        maxAge: SSO.flowMinutes * 60,
      });
      return { data: { url } };
    },
  );

  app.get(
    SSO_CALLBACK_PATH.replace(/^\/api/, ''),
    {
      config: { access: 'public', rateLimit: loginIpLimit(config.login), problems: [404] },
      schema: {
        operationId: 'ssoCallback',
        tags: ['auth'],
        summary:
          'The identity provider’s answer; a page that moves on to /login/sso#code=… (the one-time code)',
        // What a provider sends back; openid-client reads the query itself (other parameters, such as
        // Keycloak's session_state, pass through to it).
        querystring: ssoCallbackQuerySchema,
        response: {
          200: {
            description: `A page that moves on at once to ${SSO_LANDING_PATH}#code=…`,
            content: { 'text/html': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const code = await provider().callback(query, request.cookies[flowCookieName(config)], {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      clearFlowCookie(reply, config);
      return reply.type('text/html; charset=utf-8').send(handOffPage(`${SSO_LANDING_PATH}#code=${code}`));
    },
  );

  app.post(
    '/auth/sso/exchange',
    {
      // 401: an unknown, used or late code, or an answer the checks refused; 403: no account for that
      // verified e-mail, an e-mail the provider did not verify, or a deactivated account.
      config: { access: 'public', rateLimit: loginIpLimit(config.login), problems: [401, 403, 404, 503] },
      schema: {
        operationId: 'exchangeSsoCode',
        tags: ['auth'],
        summary: 'Exchange the one-time code for a session (or a pending second factor)',
        body: ssoExchangeRequestSchema,
        response: { 200: envelope(ssoExchangeResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await provider().exchange(request.body.loginCode, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      if (result.token) setSessionCookie(reply, config, result.token);
      return { data: result };
    },
  );

  // The provider's own server calls this one, form-encoded as the specification says: the parser for
  // that body lives in this route's scope only, so no other route takes a cross-site form post.
  await app.register(async (backChannel) => {
    backChannel.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: SSO.logoutTokenMax * 2 },
      (_request, body: string, done) => done(null, Object.fromEntries(new URLSearchParams(body))),
    );
    backChannel.withTypeProvider<ZodTypeProvider>().post(
      SSO_BACK_CHANNEL_LOGOUT_PATH.replace(/^\/api/, ''),
      {
        // 400: a token that failed a check (OpenID Connect Back-Channel Logout 1.0, §2.8).
        config: { access: 'public', rateLimit: BACK_CHANNEL_LIMIT, problems: [400, 404, 503] },
        schema: {
          operationId: 'ssoBackChannelLogout',
          tags: ['auth'],
          summary: 'The identity provider says a person signed out there: the sessions it opened end at once',
          consumes: ['application/x-www-form-urlencoded'],
          body: ssoBackChannelLogoutRequestSchema,
          response: { 200: envelope(ssoBackChannelLogoutResultSchema) },
        },
      },
      async (request) => {
        const ended = await provider().backChannel.end(request.body.logout_token, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        });
        await ctx.sessions.announceRevoked(ended);
        return { data: { sessionsEnded: ended.length } };
      },
    );
  });
};
