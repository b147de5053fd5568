import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_TYPES, PROBLEM_DETAILS } from '@jalon/contract';
import { auditLog, users } from '../../db/schema.ts';
import {
  fetchWithJar,
  OidcTestProvider,
  TEST_CLIENT,
  type CookieJar,
  type TestAccount,
} from '../../test/oidc-test-provider.ts';
import {
  createTestContext,
  inject,
  login,
  makeUser,
  signInAdmin,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app.ts';
import { listeningUrl, openStream } from '../../test/sse-client.ts';
import { codeAt } from '../../lib/totp.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { SSO_BACK_CHANNEL_LOGOUT_PATH, SSO_CALLBACK_PATH, SSO_LANDING_PATH } from './sso-service.ts';

const PUBLIC_URL = 'http://127.0.0.1:4000';
const ADMIN_GROUP = 'jalon-admins';
let provider: OidcTestProvider;

const oidcEnv = (extra: Record<string, string>) => ({
  PUBLIC_URL,
  OIDC_ISSUER_URL: provider.issuer,
  OIDC_CLIENT_ID: TEST_CLIENT.id,
  OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
  OIDC_DISPLAY_NAME: 'Entreprise',
  OIDC_ADMIN_GROUPS: ADMIN_GROUP,
  ...extra,
});

let accountCounter = 0;
/** A person at the provider; `email` defaults to a fresh address of the test domain. */
function providerAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const account: TestAccount = {
    sub: `sub-${Date.now().toString(36)}-${accountCounter++}`,
    email: uniqueEmail('sso'),
    email_verified: true,
    name: `Personne ${accountCounter}`,
    groups: [],
    ...overrides,
  };
  provider.accounts.set(account.sub, account);
  return account;
}

/**
 * The browser's part, as a person would go through it: ask Jalon where to go, follow the provider's
 * redirects (keeping its cookies) until it sends the browser back to the callback.
 */
async function toCallback(authorizationUrl: string, jar: CookieJar): Promise<URL> {
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetchWithJar(jar, url);
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider stopped at ${url}: ${response.status} ${await response.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(`${PUBLIC_URL}${SSO_CALLBACK_PATH}`)) return next;
    url = next.href;
  }
  throw new Error('too many redirects');
}

interface SsoRun {
  exchange: LightMyRequestResponse;
  callbackUrl: URL;
  flowCookie: string;
  code: string;
  /** The browser's cookies at the provider: its session there, which its end-session page ends. */
  providerCookies: CookieJar;
}

async function ssoSignIn(
  ctx: TestContext,
  account: TestAccount,
  options: { amr?: string[]; returnTo?: string; alter?: (callback: URL) => void; noCookie?: boolean } = {},
): Promise<SsoRun> {
  provider.nextLogin = { sub: account.sub, amr: options.amr ?? ['pwd'] };
  const query = options.returnTo ? `?returnTo=${encodeURIComponent(options.returnTo)}` : '';
  const start = await ctx.app.inject({ method: 'GET', url: `/api/auth/sso/start${query}` });
  expect(start.statusCode).toBe(200);
  const flowCookie = start.cookies.find((cookie) => cookie.name === 'jalon_sso')!;
  expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const providerCookies: CookieJar = new Map();
  const callbackUrl = await toCallback(start.json().data.url, providerCookies);
  options.alter?.(callbackUrl);
  const callback = await ctx.app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    cookies: options.noCookie ? {} : { jalon_sso: flowCookie.value },
  });
  const code = landingCode(callback);
  const exchange = await exchangeCode(ctx, code);
  return { exchange, callbackUrl, flowCookie: flowCookie.value, code, providerCookies };
}

/**
 * The callback's page moves on to /login/sso with the code in the fragment only: no Location header,
 * nothing in a path or a query that a log keeps.
 */
function landingCode(callback: LightMyRequestResponse): string {
  expect(callback.statusCode).toBe(200);
  expect(callback.headers.location).toBeUndefined();
  expect(callback.headers['cache-control']).toContain('no-store');
  const target = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(callback.body)?.[1] ?? '';
  const landing = new URL(target, PUBLIC_URL);
  expect(landing.pathname).toBe(SSO_LANDING_PATH);
  expect(landing.search).toBe('');
  return new URLSearchParams(landing.hash.slice(1)).get('code')!;
}

const exchangeCode = (ctx: TestContext, code: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sso/exchange', payload: { loginCode: code } });

const auditOf = (ctx: TestContext, type: string, resource: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.type, type), eq(auditLog.resource, resource)))
    .orderBy(desc(auditLog.id));

const roleOf = async (ctx: TestContext, email: string) =>
  (await ctx.db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role;

beforeAll(async () => {
  provider = await OidcTestProvider.start([`${PUBLIC_URL}${SSO_CALLBACK_PATH}`]);
});
afterAll(() => provider.close());
afterEach(() => {
  vi.useRealTimers();
  provider.tamper = null;
  provider.signWithForeignKey = false;
});

describe('with a provider, existing accounts only, passwords for administrators (PASSWORD_LOGIN=admins)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(oidcEnv({ PASSWORD_LOGIN: 'admins', OIDC_LOGOUT: 'provider' }));
  });
  afterAll(() => ctx.close());

  it('tells /login what it offers: the button with its name, and who may use a password', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/methods' });
    expect(response.json().data).toEqual({
      password: 'admins',
      sso: { displayName: 'Entreprise', available: true },
    });
  });

  it('sends the browser to the discovered authorization endpoint with PKCE S256, state and nonce', async () => {
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/start' });
    const url = new URL(start.json().data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}${SSO_CALLBACK_PATH}`);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('signs a member into the account with the same verified e-mail: linked once, then a normal session', async () => {
    const member = await makeUser(ctx.db);
    const account = providerAccount({ email: member.email.toUpperCase() });
    const { exchange } = await ssoSignIn(ctx, account, { returnTo: '/tasks?view=table' });
    expect(exchange.statusCode).toBe(200);
    const result = exchange.json().data;
    expect(result).toMatchObject({ requires2FA: false, returnTo: '/tasks?view=table' });
    expect(result.user).toMatchObject({ id: member.id, role: 'member' });

    // The same kind of session as a password gives: listed, revocable.
    const listed = await inject(ctx.app, { method: 'GET', url: '/api/auth/sessions', token: result.token });
    expect(listed.json().data.sessions.map((s: { id: string }) => s.id)).toContain(result.sessionId);
    expect(await auditOf(ctx, AUDIT_TYPES.ssoLinked, `user:${member.id}`)).toHaveLength(1);
    expect(await auditOf(ctx, AUDIT_TYPES.ssoLogin, `session:${result.sessionId}`)).toHaveLength(1);

    const again = await ssoSignIn(ctx, account);
    expect(again.exchange.json().data.user.id).toBe(member.id);
    expect(await auditOf(ctx, AUDIT_TYPES.ssoLinked, `user:${member.id}`)).toHaveLength(1);
    const revoke = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/${result.sessionId}`,
      token: again.exchange.json().data.token,
    });
    expect(revoke.statusCode).toBe(200);
    const me = await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: result.token });
    expect(me.statusCode).toBe(401);
  });

  it('refuses a person with no account, in French, and creates none (OIDC_AUTO_CREATE off)', async () => {
    const account = providerAccount();
    const { exchange } = await ssoSignIn(ctx, account);
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json()).toMatchObject({
      code: 'sso_no_account',
      detail: 'Aucun compte Jalon pour cette adresse. Demandez une invitation.',
    });
    expect(PROBLEM_DETAILS.ssoNoAccount).toBe(exchange.json().detail);
    expect(await roleOf(ctx, account.email)).toBeUndefined();
  });

  it('refuses an e-mail the provider does not say is verified, even when an account has it', async () => {
    const member = await makeUser(ctx.db);
    const { exchange } = await ssoSignIn(
      ctx,
      providerAccount({ email: member.email, email_verified: false }),
    );
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json().code).toBe('sso_email_unverified');
  });

  it('keeps a deactivated account out', async () => {
    const member = await makeUser(ctx.db);
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, member.id));
    const { exchange } = await ssoSignIn(ctx, providerAccount({ email: member.email }));
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json().code).toBe('account_deactivated');
  });

  it('refuses an answer whose state is not the one it sent, or that comes back to another browser', async () => {
    const member = await makeUser(ctx.db);
    const account = providerAccount({ email: member.email });
    const wrongState = await ssoSignIn(ctx, account, {
      alter: (callback) => callback.searchParams.set('state', 'forged-state'),
    });
    expect(wrongState.exchange.statusCode).toBe(401);
    expect(wrongState.exchange.json().code).toBe('sso_failed');
    const otherBrowser = await ssoSignIn(ctx, account, { noCookie: true });
    expect(otherBrowser.exchange.statusCode).toBe(401);
  });

  it('refuses a replayed answer and a replayed one-time code', async () => {
    const member = await makeUser(ctx.db);
    const run = await ssoSignIn(ctx, providerAccount({ email: member.email }));
    expect(run.exchange.statusCode).toBe(200);
    const replayedCode = await exchangeCode(ctx, run.code);
    expect(replayedCode.statusCode).toBe(401);
    const replayedAnswer = await ctx.app.inject({
      method: 'GET',
      url: `${run.callbackUrl.pathname}${run.callbackUrl.search}`,
      cookies: { jalon_sso: run.flowCookie },
    });
    const exchange = await exchangeCode(ctx, landingCode(replayedAnswer));
    expect(exchange.statusCode).toBe(401);
    expect(exchange.json().code).toBe('sso_failed');
  });

  it.each([
    ['another nonce', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'not-the-one-sent' })],
    [
      'an expired ID token',
      (claims: Record<string, unknown>) => ({
        ...claims,
        iat: Math.floor(Date.now() / 1000) - 7200,
        exp: Math.floor(Date.now() / 1000) - 3600,
      }),
    ],
    [
      'an ID token for another client',
      (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-app' }),
    ],
  ])('refuses %s, though signed with the provider’s own key', async (_label, tamper) => {
    const member = await makeUser(ctx.db);
    provider.tamper = tamper;
    const { exchange } = await ssoSignIn(ctx, providerAccount({ email: member.email }));
    expect(exchange.statusCode).toBe(401);
    expect(exchange.json().code).toBe('sso_failed');
  });

  it('refuses an ID token signed with a key the provider does not publish', async () => {
    const member = await makeUser(ctx.db);
    provider.signWithForeignKey = true;
    const { exchange } = await ssoSignIn(ctx, providerAccount({ email: member.email }));
    expect(exchange.statusCode).toBe(401);
  });

  it('picks up the provider’s new key after a rotation', async () => {
    const member = await makeUser(ctx.db);
    const account = providerAccount({ email: member.email });
    expect((await ssoSignIn(ctx, account)).exchange.statusCode).toBe(200);
    await provider.rotateKeys();
    // openid-client fetches the keys again for an unknown key id once its copy is a minute old.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await ssoSignIn(ctx, account)).exchange.statusCode).toBe(200);
  });

  it('sets the role from the groups at each sign-in, both ways, audited with via "sso"', async () => {
    await makeUser(ctx.db, { role: 'admin' }); // so the member is never the last administrator
    const member = await makeUser(ctx.db);
    const account = providerAccount({ email: member.email, groups: ['staff', ADMIN_GROUP] });
    const promoted = await ssoSignIn(ctx, account, { amr: ['pwd', 'otp'] });
    expect(promoted.exchange.json().data.user.role).toBe('admin');
    // The provider did multi-factor ('otp'): the new administrator is not asked Jalon's code, and the
    // session counts it as the second factor every administrator must have.
    const promotedToken = promoted.exchange.json().data.token;
    expect(promoted.exchange.json().data.requires2FA).toBe(false);
    const me = await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: promotedToken });
    expect(me.json().data.session.secondFactorByProvider).toBe(true);
    const members = await inject(ctx.app, { method: 'GET', url: '/api/admin/members', token: promotedToken });
    expect(members.statusCode).toBe(200);
    const [change] = await auditOf(ctx, AUDIT_TYPES.memberRoleChanged, `user:${member.id}`);
    expect(change?.metadata).toEqual({ from: 'member', to: 'admin', via: 'sso' });

    account.groups = ['staff'];
    const demoted = await ssoSignIn(ctx, account);
    expect(demoted.exchange.json().data.user.role).toBe('member');
    expect(await roleOf(ctx, member.email)).toBe('member');
    const [back] = await auditOf(ctx, AUDIT_TYPES.memberRoleChanged, `user:${member.id}`);
    expect(back?.metadata).toEqual({ from: 'admin', to: 'member', via: 'sso' });
  });

  it('trusts the provider’s multi-factor for an administrator, and asks Jalon’s own code otherwise', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin', twoFactorEnabled: true });
    const account = providerAccount({ email: admin.email, groups: [ADMIN_GROUP] });
    const withMfa = (await ssoSignIn(ctx, account, { amr: ['pwd', 'mfa'] })).exchange.json().data;
    expect(withMfa).toMatchObject({ requires2FA: false, tempToken: null });
    expect(withMfa.token).toBeTruthy();
    const withoutMfa = (await ssoSignIn(ctx, account, { amr: ['pwd'] })).exchange.json().data;
    expect(withoutMfa).toMatchObject({ requires2FA: true, token: null, setupRequired: false });
    expect(withoutMfa.tempToken).toBeTruthy();
  });

  it('lets only administrators sign in with a password', async () => {
    const member = await makeUser(ctx.db);
    const refused = await login(ctx.app, member.email, member.password);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('password_login_disabled');
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const allowed = await login(ctx.app, admin.email, admin.password);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.requires2FA).toBe(true);
  });

  it('signs out of Jalon and sends the browser to the provider’s end-session endpoint', async () => {
    const member = await makeUser(ctx.db);
    const token = (await ssoSignIn(ctx, providerAccount({ email: member.email }))).exchange.json().data.token;
    const out = await inject(ctx.app, { method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    const redirect = new URL(out.json().data.redirectTo);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    const me = await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token });
    expect(me.statusCode).toBe(401);
  });
  it.each([
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
  ])('refuses to come back anywhere but a path of this site: %j', async (returnTo) => {
    const start = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/sso/start?returnTo=${encodeURIComponent(returnTo)}`,
    });
    expect(start.statusCode).toBe(400);
    expect(start.json().code).toBe('validation_failed');
    expect(start.cookies.find((cookie) => cookie.name === 'jalon_sso')).toBeUndefined();
  });

  it('signs out at the provider a session opened after Jalon’s own second factor', async () => {
    const admin = await signInAdmin(ctx);
    const account = providerAccount({ email: admin.user.email, groups: [ADMIN_GROUP] });
    const pending = (await ssoSignIn(ctx, account, { amr: ['pwd'] })).exchange.json().data;
    expect(pending).toMatchObject({ requires2FA: true, token: null });
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      // The enrolment used the current step: the next one is still accepted (t+1).
      payload: { tempToken: pending.tempToken, code: codeAt(admin.secret, Date.now() + 30_000) },
    });
    expect(verified.statusCode).toBe(200);
    const out = await inject(ctx.app, {
      method: 'POST',
      url: '/api/auth/logout',
      token: verified.json().data.token,
    });
    const redirect = new URL(out.json().data.redirectTo);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${provider.issuer}/session/end`);
    // The administrator's password session has nothing to end at the provider.
    const byPassword = await inject(ctx.app, { method: 'POST', url: '/api/auth/logout', token: admin.token });
    expect(byPassword.json().data.redirectTo).toBeUndefined();
  });
});

describe('with auto-creation for one domain, no passwords at all, the provider’s MFA not trusted', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(
      oidcEnv({
        OIDC_AUTO_CREATE: 'true',
        OIDC_ALLOWED_DOMAINS: 'example.test, Exemple.fr',
        OIDC_TRUST_PROVIDER_MFA: 'false',
        PASSWORD_LOGIN: 'off',
      }),
    );
  });
  afterAll(() => ctx.close());

  it('creates a member account for an allowed domain, named as the provider names the person', async () => {
    const account = providerAccount({ name: 'Inès Moreau' });
    const { exchange } = await ssoSignIn(ctx, account);
    expect(exchange.statusCode).toBe(200);
    expect(exchange.json().data.user).toMatchObject({
      email: account.email,
      username: 'Inès Moreau',
      role: 'member',
    });
  });

  it('refuses an e-mail of another domain', async () => {
    const { exchange } = await ssoSignIn(ctx, providerAccount({ email: `x-${accountCounter}@ailleurs.org` }));
    expect(exchange.statusCode).toBe(403);
    expect(exchange.json().code).toBe('sso_no_account');
  });

  it('keeps the last administrator one when the groups say otherwise', async () => {
    const account = providerAccount({ groups: [ADMIN_GROUP] });
    await ssoSignIn(ctx, account, { amr: ['mfa'] });
    expect(await roleOf(ctx, account.email)).toBe('admin');
    account.groups = [];
    await ssoSignIn(ctx, account);
    expect(await roleOf(ctx, account.email)).toBe('admin');
    const [user] = await ctx.db.select().from(users).where(eq(users.email, account.email));
    const [refused] = await auditOf(ctx, AUDIT_TYPES.memberRoleChanged, `user:${user!.id}`);
    expect(refused).toMatchObject({ outcome: 'failure' });
  });

  it('asks an administrator for Jalon’s second factor even after the provider’s MFA', async () => {
    const account = providerAccount({ groups: [ADMIN_GROUP] });
    const { exchange } = await ssoSignIn(ctx, account, { amr: ['pwd', 'mfa'] });
    expect(exchange.json().data).toMatchObject({ requires2FA: true, setupRequired: true, token: null });
  });

  it('refuses every password sign-in (PASSWORD_LOGIN=off)', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const refused = await login(ctx.app, admin.email, admin.password);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('password_login_disabled');
    const methods = await ctx.app.inject({ method: 'GET', url: '/api/auth/methods' });
    expect(methods.json().data.password).toBe('off');
  });
});

describe('with a provider that does not answer', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const gone = await OidcTestProvider.start([`${PUBLIC_URL}${SSO_CALLBACK_PATH}`]);
    await gone.close();
    ctx = await createTestContext({ ...oidcEnv({}), OIDC_ISSUER_URL: gone.issuer });
  });
  afterAll(() => ctx.close());

  it('starts all the same: the button says it is unavailable, passwords still work (PASSWORD_LOGIN=on)', async () => {
    const methods = await ctx.app.inject({ method: 'GET', url: '/api/auth/methods' });
    expect(methods.json().data).toEqual({
      password: 'on',
      sso: { displayName: 'Entreprise', available: false },
    });
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/sso/start' });
    expect(start.statusCode).toBe(503);
    expect(start.json().code).toBe('sso_unavailable');
    const member = await makeUser(ctx.db);
    expect((await login(ctx.app, member.email, member.password)).status).toBe(200);
  });
});

describe('a provider that answers, but not as configured', () => {
  it('stops the start-up with one line naming OIDC_ISSUER_URL', async () => {
    await expect(
      createTestContext(oidcEnv({ OIDC_ISSUER_URL: `${provider.issuer}/no-such-realm` })),
    ).rejects.toThrow(/^Invalid environment variable OIDC_ISSUER_URL: discovery failed/);
  });
});

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

const postLogoutToken = (ctx: TestContext, logoutToken: string) =>
  ctx.app.inject({
    method: 'POST',
    url: SSO_BACK_CHANNEL_LOGOUT_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ logout_token: logoutToken }).toString(),
  });

const isSignedIn = async (ctx: TestContext, token: string) =>
  (await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token })).statusCode === 200;

describe('back-channel logout: the provider says a person signed out there', () => {
  let ctx: TestContext;
  /** Every logout token the provider sent, with Jalon's answer. */
  const delivered: Array<{ logoutToken: string; status: number }> = [];
  beforeAll(async () => {
    ctx = await createTestContext(oidcEnv({ OIDC_TRUST_PROVIDER_MFA: 'false' }));
    // The provider posts to PUBLIC_URL, which is this test's app: the request is handed to it as is.
    provider.deliverBackChannel = async (url, init) => {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: Object.fromEntries(init.headers),
        payload: init.body,
      });
      delivered.push({
        logoutToken: new URLSearchParams(init.body).get('logout_token')!,
        status: answer.statusCode,
      });
      return new Response(answer.body, { status: answer.statusCode });
    };
  });
  afterAll(() => ctx.close());

  /** A logout token as the provider would sign it; `claims` change or remove (undefined) some. */
  const logoutToken = (claims: Record<string, unknown>, options: { foreignKey?: boolean } = {}) => {
    const base = {
      iss: provider.issuer,
      aud: TEST_CLIENT.id,
      iat: Math.floor(Date.now() / 1000),
      jti: randomUUID(),
      events: { [LOGOUT_EVENT]: {} },
    };
    const merged = Object.fromEntries(
      Object.entries({ ...base, ...claims }).filter(([, value]) => value !== undefined),
    );
    return provider.signLogoutToken(merged, options);
  };

  it('ends at once the sessions of the provider session signed out of, and their streams say session.ended', async () => {
    const member = await makeUser(ctx.db);
    const account = providerAccount({ email: member.email });
    const here = await ssoSignIn(ctx, account);
    const elsewhere = await ssoSignIn(ctx, account); // another browser: another session at the provider
    const byPassword = await login(ctx.app, member.email, member.password);
    const token = here.exchange.json().data.token;
    const stream = await openStream(await listeningUrl(ctx.app), {
      cookie: `${sessionCookieName(ctx.config)}=${token}`,
    });

    await provider.endSession(here.providerCookies);

    expect(delivered.at(-1)?.status).toBe(200);
    const ended = await stream.next((message) => message.data.type === 'session.ended');
    expect(ended.data).toEqual({ type: 'session.ended', reason: 'revoked' });
    stream.close();
    expect(await isSignedIn(ctx, token)).toBe(false);
    expect(await isSignedIn(ctx, elsewhere.exchange.json().data.token)).toBe(true);
    expect(await isSignedIn(ctx, byPassword.body.data.token!)).toBe(true);
    const [audit] = await auditOf(ctx, AUDIT_TYPES.ssoLogout, `user:${member.id}`);
    expect(audit?.metadata).toMatchObject({ issuer: provider.issuer, sub: account.sub, sessions: 1 });
  });

  it('refuses the same logout token a second time (its jti)', async () => {
    const member = await makeUser(ctx.db);
    const run = await ssoSignIn(ctx, providerAccount({ email: member.email }));
    await provider.endSession(run.providerCookies);
    const replayed = await postLogoutToken(ctx, delivered.at(-1)!.logoutToken);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().code).toBe('sso_logout_token_invalid');
  });

  it('ends every session the person opened through the provider when the token names only its sub', async () => {
    const member = await makeUser(ctx.db);
    const account = providerAccount({ email: member.email });
    const first = (await ssoSignIn(ctx, account)).exchange.json().data.token;
    const second = (await ssoSignIn(ctx, account)).exchange.json().data.token;
    const byPassword = (await login(ctx.app, member.email, member.password)).body.data.token!;

    const answer = await postLogoutToken(ctx, await logoutToken({ sub: account.sub }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ sessionsEnded: 2 });
    expect(await isSignedIn(ctx, first)).toBe(false);
    expect(await isSignedIn(ctx, second)).toBe(false);
    // A password sign-in did not come through the provider: it stays.
    expect(await isSignedIn(ctx, byPassword)).toBe(true);
  });

  it('drops a sign-in through the provider still waiting for Jalon’s second factor', async () => {
    const member = await makeUser(ctx.db, { twoFactorEnabled: true });
    const account = providerAccount({ email: member.email });
    const waiting = (await ssoSignIn(ctx, account)).exchange.json().data;
    expect(waiting.requires2FA).toBe(true);
    expect((await postLogoutToken(ctx, await logoutToken({ sub: account.sub }))).statusCode).toBe(200);
    const step = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { tempToken: waiting.tempToken, code: '123456' },
    });
    expect(step.statusCode).toBe(401);
    expect(step.json().code).toBe('session_expired');
  });

  it.each<[string, Record<string, unknown>, { foreignKey?: boolean }?]>([
    ['signed with a key the provider does not publish', {}, { foreignKey: true }],
    ['for another client', { aud: 'another-app' }],
    ['from another issuer', { iss: 'https://evil.example' }],
    ['issued an hour ago', { iat: Math.floor(Date.now() / 1000) - 3600 }],
    ['carrying a nonce (an ID token)', { nonce: 'n-0S6_WzA2Mj' }],
    ['without the logout event', { events: { 'https://example.test/other': {} } }],
    ['naming neither sub nor sid', { sub: undefined }],
    ['without a jti', { jti: undefined }],
  ])('refuses a logout token %s, and ends nothing', async (_label, claims, options) => {
    const member = await makeUser(ctx.db);
    const account = providerAccount({ email: member.email });
    const token = (await ssoSignIn(ctx, account)).exchange.json().data.token;
    const answer = await postLogoutToken(ctx, await logoutToken({ sub: account.sub, ...claims }, options));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('sso_logout_token_invalid');
    expect(await isSignedIn(ctx, token)).toBe(true);
  });
});
