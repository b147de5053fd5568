import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, users } from '../../db/schema.ts';
import { codeAt } from '../../lib/totp.ts';
import { createTestContext, inject, login, makeUser, type TestContext } from '../../test/test-app.ts';

// Issue 14: one counter of wrong second-factor codes per account, shared by every route that checks one.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

const STEP = 30_000;
const LOCK_SECONDS = 15 * 60;
const WRONG = '000000';
const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  inject(ctx.app, { method: 'POST', url, payload, token });
const me = (token: string) => inject(ctx.app, { method: 'GET', url: '/api/auth/me', token });

/** A member signed in twice (two sessions), 2FA set up but not yet confirmed. */
async function memberWithTwoSessions() {
  const user = await makeUser(ctx.db);
  const [a, b] = [
    await login(ctx.app, user.email, user.password),
    await login(ctx.app, user.email, user.password),
  ];
  const setup = (await post('/api/2fa/setup', {}, a.body.data.token!)).json().data;
  return { user, tokens: [a.body.data.token!, b.body.data.token!] as const, secret: setup.secret as string };
}

/** The same, with 2FA confirmed (at step t, so t+1 is the next good code). */
async function enrolledWithTwoSessions() {
  const member = await memberWithTwoSessions();
  expect(
    (await post('/api/2fa/verify', { code: codeAt(member.secret, Date.now()) }, member.tokens[0])).statusCode,
  ).toBe(200);
  return member;
}

const auditTypes = async (userId: string) =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, userId))).map((row) => row.type);

const sessionRoutes = [
  {
    name: 'enrolment (POST /api/2fa/verify)',
    url: '/api/2fa/verify',
    member: memberWithTwoSessions,
    goodStep: 0,
  },
  {
    name: 'disable (POST /api/2fa/disable)',
    url: '/api/2fa/disable',
    member: enrolledWithTwoSessions,
    goodStep: 1,
  },
  {
    name: 'regenerate (POST /api/2fa/backup-codes)',
    url: '/api/2fa/backup-codes',
    member: enrolledWithTwoSessions,
    goodStep: 1,
  },
];

describe.each(sessionRoutes)('$name', ({ url, member, goodStep }) => {
  it('locks the account at the 5th wrong code: 429 with Retry-After, audited, the session revoked; the 6th is refused even when right', async () => {
    const { user, tokens, secret } = await member();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(url, { code: WRONG }, tokens[0])).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400]);

    const fifth = await post(url, { code: WRONG }, tokens[0]);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('account_locked');
    const retryAfter = Number(fifth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(LOCK_SECONDS - 5);
    expect(retryAfter).toBeLessThanOrEqual(LOCK_SECONDS);
    expect(await auditTypes(user.id)).toContain('security.code_locked');

    // The thief loses the session that guessed; the person's other session stays…
    expect((await me(tokens[0])).statusCode).toBe(401);
    expect((await me(tokens[1])).statusCode).toBe(200);
    // …but no route takes a code until the lock runs out, not even the right one.
    const sixth = await post(url, { code: codeAt(secret, Date.now() + goodStep * STEP) }, tokens[1]);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // One counter: the password sign-in is locked as well.
    expect((await login(ctx.app, user.email, user.password)).status).toBe(429);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorEnabled).toBe(goodStep === 1);
  });

  it('resets the counter on success', async () => {
    const { tokens, secret } = await member();
    for (let i = 0; i < 4; i++) expect((await post(url, { code: WRONG }, tokens[0])).statusCode).toBe(400);
    const right = await post(url, { code: codeAt(secret, Date.now() + goodStep * STEP) }, tokens[0]);
    expect(right.statusCode).toBe(200);
    // Enrolment is done now; the other routes keep checking codes against the same counter.
    const next = url === '/api/2fa/verify' ? '/api/2fa/backup-codes' : url;
    for (let i = 0; i < 4; i++) expect((await post(next, { code: WRONG }, tokens[0])).statusCode).toBe(400);
    expect((await me(tokens[0])).statusCode).toBe(200);
  });

  it('takes the code again once the lock has run out', async () => {
    const { tokens, secret } = await member();
    for (let i = 0; i < 5; i++) await post(url, { code: WRONG }, tokens[0]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + LOCK_SECONDS * 1000 + 1_000);
    const later = await post(url, { code: codeAt(secret, Date.now()) }, tokens[1]);
    expect(later.statusCode).toBe(200);
  });
});

describe('one counter across routes', () => {
  it('counts wrong codes on disable and on regenerate together', async () => {
    const { user, tokens } = await enrolledWithTwoSessions();
    for (let i = 0; i < 3; i++)
      expect((await post('/api/2fa/disable', { code: WRONG }, tokens[0])).statusCode).toBe(400);
    expect((await post('/api/2fa/backup-codes', { code: WRONG }, tokens[1])).statusCode).toBe(400);
    const fifth = await post('/api/2fa/backup-codes', { code: WRONG }, tokens[1]);
    expect(fifth.statusCode).toBe(429);
    // Only the session that sent the locking code is revoked.
    expect((await me(tokens[1])).statusCode).toBe(401);
    expect((await me(tokens[0])).statusCode).toBe(200);
    const locked = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.type, 'security.code_locked'), eq(auditLog.actorId, user.id)));
    expect(locked).toHaveLength(1);
  });
});

describe('the sign-in step (POST /api/auth/verify-2fa)', () => {
  it('refuses the right code on another tempToken once 5 wrong codes locked the account; audited', async () => {
    const { user, secret } = await enrolledWithTwoSessions();
    const first = (await login(ctx.app, user.email, user.password)).body.data.tempToken!;
    const second = (await login(ctx.app, user.email, user.password)).body.data.tempToken!;
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post('/api/auth/verify-2fa', { code: WRONG, tempToken: first })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const right = await post('/api/auth/verify-2fa', {
      code: codeAt(secret, Date.now() + STEP),
      tempToken: second,
    });
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(LOCK_SECONDS - 5);
    expect(await auditTypes(user.id)).toContain('security.code_locked');
  });

  it('resets the counter when the code is right', async () => {
    const { user, secret } = await enrolledWithTwoSessions();
    const tempToken = (await login(ctx.app, user.email, user.password)).body.data.tempToken!;
    for (let i = 0; i < 4; i++)
      expect((await post('/api/auth/verify-2fa', { code: WRONG, tempToken })).statusCode).toBe(401);
    expect(
      (await post('/api/auth/verify-2fa', { code: codeAt(secret, Date.now() + STEP), tempToken })).statusCode,
    ).toBe(200);
    const again = (await login(ctx.app, user.email, user.password)).body.data.tempToken!;
    const next = await post('/api/auth/verify-2fa', { code: WRONG, tempToken: again });
    expect(next.statusCode).toBe(401);
    expect(next.json().attemptsRemaining).toBe(4);
  });

  it("counts an administrator's forced enrolment codes too", async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const tempToken = (await login(ctx.app, admin.email, admin.password)).body.data.tempToken!;
    const setup = (await post('/api/2fa/setup', {}, tempToken)).json().data;
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post('/api/2fa/verify', { code: WRONG }, tempToken)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const fresh = await login(ctx.app, admin.email, admin.password);
    expect(fresh.status).toBe(429);
    expect(setup.secret).toBeTruthy();
  });
});

describe('per-IP limit on POST /api/2fa/verify (S06)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ LOGIN_IP_MAX: '3' });
  });
  afterAll(() => limited.close());

  it('answers 429 rate_limited past the limit from one address, across accounts; another address still gets through', async () => {
    let signIns = 0;
    const codeFrom = async (remoteAddress: string) => {
      const user = await makeUser(limited.db);
      // Each sign-in from its own address, so only the code checks share one.
      const signedIn = await inject(limited.app, {
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `198.51.100.${++signIns}`,
        payload: { email: user.email, password: user.password },
      });
      const token = signedIn.json().data.token as string;
      await inject(limited.app, { method: 'POST', url: '/api/2fa/setup', token, payload: {} });
      return inject(limited.app, {
        method: 'POST',
        url: '/api/2fa/verify',
        token,
        remoteAddress,
        payload: { code: WRONG },
      });
    };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await codeFrom('192.0.2.7')).statusCode);
    expect(statuses).toEqual([400, 400, 400]);
    const fourth = await codeFrom('192.0.2.7');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('rate_limited');
    expect((await codeFrom('192.0.2.8')).statusCode).toBe(400);
  });
});
