import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { createTestContext, inject, login, makeUser, signIn, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SESSION_IDLE_MINUTES: '30', SESSION_ABSOLUTE_HOURS: '12' });
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  inject(ctx.app, { method: 'GET', url, token, headers });

describe('session tokens (S23)', () => {
  it('stores only the SHA-256 of a 256-bit token, and makes a new session at each sign-in', async () => {
    const user = await makeUser(ctx.db);
    const first = (await login(ctx.app, user.email, user.password)).body.data;
    const second = (await login(ctx.app, user.email, user.password)).body.data;
    expect(Buffer.from(first.token!, 'base64url')).toHaveLength(32);
    expect(first.token).not.toBe(second.token);
    expect(first.sessionId).not.toBe(second.sessionId);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.tokenHash).sort()).toEqual(
      [sha256(first.token!), sha256(second.token!)].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain(first.token);
  });

  it('refuses a token sent with another session id in X-Session-Id', async () => {
    const a = await signIn(ctx);
    const b = await signIn(ctx);
    const response = await get('/api/auth/me', a.token, { 'x-session-id': b.sessionId });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'session_expired', detail: 'Session expired or invalid' });
  });

  it('answers an unknown or malformed token with 401 session_expired', async () => {
    for (const header of [
      'Bearer not-a-real-token-at-all-0000',
      'Bearer ' + 'x'.repeat(43),
      'Basic abc',
      'Bearer',
    ]) {
      const response = await inject(ctx.app, {
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: header },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe('Session expired or invalid');
    }
    const anonymous = await inject(ctx.app, { method: 'GET', url: '/api/auth/me' });
    expect(anonymous.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });
});

describe('timeouts and refresh (S24)', () => {
  it('expires after 30 idle minutes, and activity pushes the deadline', async () => {
    const { token } = await signIn(ctx);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start + 20 * MINUTE);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    vi.setSystemTime(start + 45 * MINUTE);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    vi.setSystemTime(start + 76 * MINUTE);
    const expired = await get('/api/auth/me', token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('session_expired');
  });

  it('reports validity on /sessions/check without a 401', async () => {
    const { token } = await signIn(ctx);
    const live = await get('/api/auth/sessions/check', token);
    expect(live.json().data.valid).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    const dead = await get('/api/auth/sessions/check', token);
    expect(dead.statusCode).toBe(200);
    expect(dead.json().data).toEqual({ valid: false, expiresAt: null, ended: 'expired' });
  });

  it('refresh extends the idle deadline but never past the absolute limit of 12 hours', async () => {
    const { token } = await signIn(ctx);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    let expiresAt = 0;
    for (let minutes = 25; minutes <= 12 * 60; minutes += 25) {
      vi.setSystemTime(start + minutes * MINUTE);
      const refreshed = await inject(ctx.app, { method: 'POST', url: '/api/auth/sessions/refresh', token });
      if (refreshed.statusCode !== 200) break;
      expiresAt = Date.parse(refreshed.json().data.expiresAt);
      expect(refreshed.json().data.token).toBe(token);
    }
    expect(expiresAt).toBeLessThanOrEqual(start + 12 * 60 * MINUTE + 1_000);
    vi.setSystemTime(start + 12 * 60 * MINUTE + 1_000);
    expect((await get('/api/auth/me', token)).statusCode).toBe(401);
  });

  it('keeps both tabs working when they refresh at the same instant', async () => {
    const { token } = await signIn(ctx);
    const [a, b] = await Promise.all([
      inject(ctx.app, { method: 'POST', url: '/api/auth/sessions/refresh', token }),
      inject(ctx.app, { method: 'POST', url: '/api/auth/sessions/refresh', token }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await get('/api/auth/me', a.json().data.token)).statusCode).toBe(200);
    expect((await get('/api/auth/me', b.json().data.token)).statusCode).toBe(200);
  });

  it('gives "Se souvenir de moi" a 30-day session', async () => {
    const user = await makeUser(ctx.db);
    const result = (await login(ctx.app, user.email, user.password, { rememberMe: true })).body.data;
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, result.sessionId!));
    const days = (row!.absoluteExpiresAt.getTime() - row!.createdAt.getTime()) / (24 * 60 * MINUTE);
    expect(Math.round(days)).toBe(30);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 24 * 60 * MINUTE);
    expect((await get('/api/auth/me', result.token!)).statusCode).toBe(200);
  });
});

describe('sign-out and revocation (S25, S26)', () => {
  it('logout makes the token answer 401 at once', async () => {
    const { token } = await signIn(ctx);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    const out = await inject(ctx.app, { method: 'POST', url: '/api/auth/logout', token });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('jalon_session=;');
    expect((await get('/api/auth/me', token)).statusCode).toBe(401);
  });

  it('lists only the user’s own live sessions, marking the current one', async () => {
    const user = await makeUser(ctx.db);
    const other = await signIn(ctx);
    const a = (
      await login(ctx.app, user.email, user.password, {
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0' },
      })
    ).body.data;
    const b = (await login(ctx.app, user.email, user.password)).body.data;
    const list = (await get('/api/auth/sessions', a.token!)).json().data;
    expect(list.currentSession).toBe(a.sessionId);
    expect(list.sessions.map((s: { id: string }) => s.id).sort()).toEqual([a.sessionId, b.sessionId].sort());
    expect(list.sessions.find((s: { id: string }) => s.id === a.sessionId)).toMatchObject({
      current: true,
      device: 'Chrome sur Linux',
    });
    expect(JSON.stringify(list)).not.toContain(other.sessionId);
  });

  it('revokes one session, which then answers 401; another user’s session id answers 404 and stays alive', async () => {
    const user = await makeUser(ctx.db);
    const mine = (await login(ctx.app, user.email, user.password)).body.data;
    const mySecond = (await login(ctx.app, user.email, user.password)).body.data;
    const stranger = await signIn(ctx);

    const attack = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/${stranger.sessionId}`,
      token: mine.token!,
    });
    expect(attack.statusCode).toBe(404);
    expect((await get('/api/auth/me', stranger.token)).statusCode).toBe(200);

    const unknown = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/00000000-0000-4000-8000-000000000000`,
      token: mine.token!,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/not-a-uuid`,
      token: mine.token!,
    });
    expect(malformed.statusCode).toBe(400);

    const revoke = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/${mySecond.sessionId}`,
      token: mine.token!,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get('/api/auth/me', mySecond.token!)).statusCode).toBe(401);
    expect((await get('/api/auth/me', mine.token!)).statusCode).toBe(200);
  });

  it('revokes all other sessions and keeps the current one', async () => {
    const user = await makeUser(ctx.db);
    const tokens = [];
    for (let i = 0; i < 3; i++)
      tokens.push((await login(ctx.app, user.email, user.password)).body.data.token!);
    const response = await inject(ctx.app, {
      method: 'DELETE',
      url: '/api/auth/sessions/others',
      token: tokens[0],
    });
    expect(response.json().data.revoked).toBe(2);
    expect((await get('/api/auth/me', tokens[0]!)).statusCode).toBe(200);
    expect((await get('/api/auth/me', tokens[1]!)).statusCode).toBe(401);
    expect((await get('/api/auth/me', tokens[2]!)).statusCode).toBe(401);
  });

  it('reads every cached session again once the notifier says messages were lost', async () => {
    const { token, sessionId } = await signIn(ctx);
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
    // Revoked by another instance whose notification never arrived here (the listener was reconnecting).
    await ctx.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'revoked' })
      .where(eq(sessions.id, sessionId));
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);

    await ctx.app.ctx.notifier.publish({ kind: 'messages.lost' });
    await vi.waitFor(async () => expect((await get('/api/auth/me', token)).statusCode).toBe(401));
  });
});

describe('admin without two-factor (S15)', () => {
  it('answers 403 two_factor_enrolment_required on ordinary routes for a session of an admin without 2FA', async () => {
    // Such a session can exist when a member with a live session is made admin.
    const { user, token } = await signIn(ctx);
    const { users } = await import('../../db/schema.ts');
    await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    ctx.app.ctx.store.forgetUser(user.id);
    const list = await get('/api/auth/sessions', token);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ code: 'two_factor_enrolment_required' });
    expect((await get('/api/auth/me', token)).statusCode).toBe(200);
  });
});

describe('preferences', () => {
  it('stores a partial update, clamps percentages and refuses unknown keys', async () => {
    const { token } = await signIn(ctx);
    const put = (payload: Record<string, unknown>) =>
      inject(ctx.app, { method: 'PUT', url: '/api/auth/sessions/preferences', token, payload });
    const saved = await put({ theme: 'emerald', animationIntensity: 140 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      theme: 'emerald',
      animationIntensity: 100,
      ambientVolume: 70,
      focusMode: 'off',
    });
    expect((await put({ theme: 'neon' })).statusCode).toBe(400);
    expect((await put({ role: 'admin' })).statusCode).toBe(400);
    const me = (await get('/api/auth/me', token)).json().data;
    expect(me.preferences).toMatchObject({ theme: 'emerald', animationIntensity: 100 });
  });
});
