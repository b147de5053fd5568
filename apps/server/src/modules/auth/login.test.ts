import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, loginThrottle, sessions } from '../../db/schema.ts';
import {
  createTestContext,
  inject,
  login,
  makeUser,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const auditRowsFor = (email: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.actorEmail, email)).orderBy(desc(auditLog.id));

describe('POST /api/auth/login', () => {
  it('signs a member in with a session token, matching the e-mail case-insensitively', async () => {
    const user = await makeUser(ctx.db, { username: 'Camille' });
    const result = await login(ctx.app, `  ${user.email.toUpperCase()} `, user.password);
    expect(result.status).toBe(200);
    const data = result.body.data;
    expect(data).toMatchObject({ requires2FA: false, tempToken: null, setupRequired: false });
    expect(data.user).toMatchObject({
      email: user.email,
      username: 'Camille',
      role: 'member',
      twoFactorEnabled: false,
    });
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(data.expiresAt!)).toBeGreaterThan(Date.now());
    const me = await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: data.token! });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe(user.email);
    expect(me.json().data.session.id).toBe(data.sessionId);
    expect(me.headers['x-session-id']).toBe(data.sessionId);
    expect(Date.parse(me.headers['x-session-expires-at'] as string)).toBeGreaterThan(Date.now());
  });

  it('sets the session cookie HttpOnly and SameSite=Strict', async () => {
    const user = await makeUser(ctx.db);
    const result = await login(ctx.app, user.email, user.password);
    const cookie = String(result.headers['set-cookie']);
    expect(cookie).toContain('jalon_session=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
  });

  it('gives an administrator without 2FA only a tempToken for enrolment, and no session', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const before = await ctx.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    const result = await login(ctx.app, admin.email, admin.password);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      requires2FA: true,
      setupRequired: true,
      token: null,
      sessionId: null,
    });
    expect(result.body.data.tempToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const after = await ctx.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(after.length).toBe(before.length);
  });

  it('asks a user with 2FA for the code instead of opening a session', async () => {
    const user = await makeUser(ctx.db, { twoFactorEnabled: true });
    const result = await login(ctx.app, user.email, user.password);
    expect(result.body.data).toMatchObject({ requires2FA: true, setupRequired: false, token: null });
  });

  it('refuses the tempToken on every non-2FA route with 401 and requires2FA (S11)', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const { tempToken } = (await login(ctx.app, admin.email, admin.password)).body.data;
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/sessions'],
      ['POST', '/api/auth/sessions/refresh'],
      ['PUT', '/api/auth/sessions/preferences'],
      ['DELETE', '/api/auth/sessions/others'],
    ] as const) {
      const response = await inject(ctx.app, {
        method,
        url,
        token: tempToken!,
        payload: method === 'PUT' ? {} : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ code: 'two_factor_required', requires2FA: true });
    }
    const check = await inject(ctx.app, {
      method: 'GET',
      url: '/api/auth/sessions/check',
      token: tempToken!,
    });
    expect(check.json().data).toEqual({ valid: false, expiresAt: null, ended: null });
  });

  it('lets a pending sign-in be abandoned with logout, after which the tempToken is dead', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const { tempToken } = (await login(ctx.app, admin.email, admin.password)).body.data;
    const out = await inject(ctx.app, { method: 'POST', url: '/api/auth/logout', token: tempToken! });
    expect(out.statusCode).toBe(200);
    const again = await inject(ctx.app, { method: 'POST', url: '/api/auth/logout', token: tempToken! });
    expect(again.statusCode).toBe(401);
  });

  it('answers 401 with attemptsRemaining for a wrong password, and never writes the password (S08)', async () => {
    const user = await makeUser(ctx.db);
    const secretAttempt = 'Wrong-but-secret-9!';
    const result = await login(ctx.app, user.email, secretAttempt);
    expect(result.status).toBe(401);
    expect(result.body).toMatchObject({
      code: 'invalid_credentials',
      detail: 'Login failed',
      attemptsRemaining: 4,
    });
    const rows = await auditRowsFor(user.email);
    expect(rows[0]).toMatchObject({ type: 'auth.login.failed', outcome: 'failure', actorId: user.id });
    const everything = JSON.stringify(await ctx.db.select().from(auditLog));
    expect(everything).not.toContain(secretAttempt);
    expect(everything).not.toContain(STRONG_PASSWORD);
  });

  it('treats an unknown e-mail exactly like a wrong password: same status, keys and counter (S04)', async () => {
    const user = await makeUser(ctx.db);
    const unknown = uniqueEmail('nobody');
    const known: unknown[] = [];
    const missing: unknown[] = [];
    for (let i = 0; i < 4; i++) {
      const a = await login(ctx.app, user.email, 'not the password');
      const b = await login(ctx.app, unknown, 'not the password');
      expect(a.status).toBe(b.status);
      expect(Object.keys(a.body).sort()).toEqual(Object.keys(b.body).sort());
      known.push(a.body.attemptsRemaining);
      missing.push(b.body.attemptsRemaining);
    }
    expect(known).toEqual([4, 3, 2, 1]);
    expect(missing).toEqual(known);
  });

  it('locks after 5 consecutive failures, even for the right password, then unlocks after 15 minutes (S05)', async () => {
    const user = await makeUser(ctx.db);
    for (let i = 0; i < 4; i++) expect((await login(ctx.app, user.email, 'wrong password')).status).toBe(401);
    const fifth = await login(ctx.app, user.email, 'wrong password');
    expect(fifth.status).toBe(429);
    expect(fifth.body).toMatchObject({
      code: 'account_locked',
      detail: 'Too many login attempts. Please try again later.',
    });
    const lockedUntil = Date.parse(fifth.body.lockedUntil as string);
    expect(lockedUntil - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(lockedUntil - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);

    const rightButLocked = await login(ctx.app, user.email, user.password);
    expect(rightButLocked.status).toBe(429);
    expect(rightButLocked.body.data).toBeUndefined();
    expect((await auditRowsFor(user.email))[0]?.type).toBe('auth.login.locked');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
    const afterLock = await login(ctx.app, user.email, user.password);
    expect(afterLock.status).toBe(200);
    const [throttle] = await ctx.db.select().from(loginThrottle).where(eq(loginThrottle.email, user.email));
    expect(throttle).toBeUndefined();
  });

  it('locks an unknown e-mail the same way', async () => {
    const unknown = uniqueEmail('ghost');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(ctx.app, unknown, 'whatever password')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('counts failures made in parallel', async () => {
    const user = await makeUser(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => login(ctx.app, user.email, 'wrong password')),
    );
    expect(results.map((result) => result.status).sort()).toEqual([401, 401, 401, 401, 429]);
  });

  it('a correct sign-in resets the counter', async () => {
    const user = await makeUser(ctx.db);
    await login(ctx.app, user.email, 'wrong password');
    await login(ctx.app, user.email, 'wrong password');
    expect((await login(ctx.app, user.email, user.password)).status).toBe(200);
    expect((await login(ctx.app, user.email, 'wrong password')).body.attemptsRemaining).toBe(4);
  });

  it('does not let X-Forwarded-For escape the per-e-mail counter (S06)', async () => {
    const user = await makeUser(ctx.db);
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await login(ctx.app, user.email, 'wrong password', {
            headers: { 'x-forwarded-for': `10.0.0.${i}` },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('audits a success with the session as resource and no secret (S08, S32)', async () => {
    const user = await makeUser(ctx.db);
    const result = await login(ctx.app, user.email, user.password, {
      headers: { 'user-agent': 'Test\nAgent\u0007' },
    });
    const [row] = await auditRowsFor(user.email);
    expect(row).toMatchObject({
      type: 'auth.login.succeeded',
      outcome: 'success',
      resource: `session:${result.body.data.sessionId}`,
    });
    expect(row!.userAgent).toBe('Test\\x0aAgent\\x07');
    expect(row!.ip).toBe('127.0.0.1');
    expect(JSON.stringify(row)).not.toContain(result.body.data.token!);
  });

  it('rejects malformed bodies with 400 and changes nothing', async () => {
    for (const payload of [
      { email: 'not-an-email', password: 'x' },
      { email: uniqueEmail(), password: 12345678 },
      { email: uniqueEmail(), password: ['a'] },
      { email: uniqueEmail() },
      { email: uniqueEmail(), password: 'p'.repeat(1025) },
      { email: uniqueEmail(), password: 'whatever', role: 'admin' },
    ]) {
      const response = await inject(ctx.app, { method: 'POST', url: '/api/auth/login', payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
  });
});

describe('per-IP limit across accounts (S06)', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ LOGIN_IP_MAX: '3' });
  });
  afterAll(() => limited.close());

  it("answers 429 with Retry-After and the lockout's words once one address has tried too often, whatever X-Forwarded-For says", async () => {
    const statuses = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await login(limited.app, uniqueEmail('spray'), 'some password', {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(last!.body).toMatchObject({
      code: 'rate_limited',
      detail: 'Too many login attempts. Please try again later.',
    });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("answers the second-factor step's limit with the same words (S06, S11)", async () => {
    const guess = () =>
      inject(limited.app, {
        method: 'POST',
        url: '/api/auth/verify-2fa',
        payload: { code: '123456', tempToken: 't'.repeat(32) },
      });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await guess());
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 429]);
    expect(answers[3]!.json()).toMatchObject({
      code: 'rate_limited',
      detail: 'Too many login attempts. Please try again later.',
    });
  });
});
