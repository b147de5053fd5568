import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestContext,
  inject,
  login,
  makeUser,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';
import { sessions } from '../../db/schema.ts';
import { listeningUrl, openStream, type SseConnection } from '../../test/sse-client.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';

// Issue 32: what authorises the stream follows the session (not a lifetime of its own), and a session
// that ends takes its streams with it, saying why. Issue 31: a cap per person beside the one per session.
const IDLE_MINUTES = 1;
const MINUTE = 60_000;

let ctx: TestContext;
let baseUrl: string;
const open: SseConnection[] = [];

beforeAll(async () => {
  ctx = await createTestContext(
    { SESSION_IDLE_MINUTES: String(IDLE_MINUTES) },
    { events: { pingIntervalMs: 100, maxStreamsPerSession: 3, maxStreamsPerUser: 4 } },
  );
  baseUrl = await listeningUrl(ctx.app);
});
afterEach(() => {
  vi.useRealTimers();
  for (const connection of open.splice(0)) connection.close();
});
afterAll(async () => {
  await ctx.close();
});

const cookieName = () => sessionCookieName(ctx.config);

/**
 * The session cookie a browser would still send at `now`, from the Set-Cookie answers it received
 * (the last one wins; an Expires or Max-Age in the past drops it, as a browser does).
 */
function cookieAt(
  setCookies: Array<{ header: string | string[] | undefined; at: number }>,
  now: number,
): string | null {
  let kept: string | null = null;
  for (const { header, at } of setCookies) {
    for (const line of [header ?? []].flat()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, value] = pair!.split('=') as [string, string];
      if (name !== cookieName()) continue;
      const attribute = (key: string) =>
        attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const maxAge = attribute('max-age');
      const expires = attribute('expires');
      const deadline =
        maxAge !== undefined ? at + Number(maxAge) * 1000 : expires ? Date.parse(expires) : Infinity;
      kept = value !== '' && deadline > now ? value : null;
    }
  }
  return kept;
}

async function stream(token: string): Promise<SseConnection> {
  const connection = await openStream(baseUrl, { cookie: `${cookieName()}=${token}` });
  open.push(connection);
  return connection;
}

const ended = (connection: SseConnection) =>
  connection.next((message) => message.data.type === 'session.ended');

describe('the stream’s credential follows the session', () => {
  it('still opens the stream of a session kept in use past its idle window, with the cookie as the browser keeps it', async () => {
    const user = await makeUser(ctx.db);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await login(ctx.app, user.email, user.password);
    const token = signedIn.body.data.token!;
    const received = [{ header: signedIn.headers['set-cookie'], at: start }];
    // The person works through the bearer calls, every 45 s, for three idle windows.
    for (let step = 1; step <= 4; step += 1) {
      vi.setSystemTime(start + step * 0.75 * IDLE_MINUTES * MINUTE);
      const me = await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token });
      expect(me.statusCode).toBe(200);
      received.push({ header: me.headers['set-cookie'], at: Date.now() });
    }
    const cookie = cookieAt(received, Date.now());
    expect(cookie).toBe(token);
    const connection = await stream(cookie!);
    expect(connection.status).toBe(200);
  });

  it('ends the stream of a session left idle past its window, saying it expired', async () => {
    const { token } = await signIn(ctx);
    const connection = await stream(token);
    expect(connection.status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + IDLE_MINUTES * MINUTE + 1_000);
    expect((await ended(connection)).data).toEqual({ type: 'session.ended', reason: 'expired' });
    await connection.ended;
  });

  it('gives the cookie back to a page whose bearer token is a live session, and to no other', async () => {
    const { token } = await signIn(ctx);
    const check = await inject(ctx.app, { method: 'GET', url: '/api/auth/sessions/check', token });
    expect(check.json().data.valid).toBe(true);
    expect(cookieAt([{ header: check.headers['set-cookie'], at: Date.now() }], Date.now())).toBe(token);

    await inject(ctx.app, { method: 'POST', url: '/api/auth/logout', token, payload: {} });
    const after = await inject(ctx.app, { method: 'GET', url: '/api/auth/sessions/check', token });
    expect(after.json().data).toEqual({ valid: false, expiresAt: null, ended: 'signed_out' });
    expect(after.headers['set-cookie']).toBeUndefined();
  });

  it('tells a page holding an ended session why it ended: revoked, deactivated or expired', async () => {
    const check = async (token: string) =>
      (await inject(ctx.app, { method: 'GET', url: '/api/auth/sessions/check', token })).json().data;
    const admin = await signInAdmin(ctx);
    const revoked = await signIn(ctx);
    const elsewhere = (await login(ctx.app, revoked.user.email, revoked.user.password)).body.data.token!;
    await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/${revoked.sessionId}`,
      token: elsewhere,
    });
    expect(await check(revoked.token)).toEqual({ valid: false, expiresAt: null, ended: 'revoked' });

    const deactivated = await signIn(ctx);
    await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/admin/members/${deactivated.user.id}`,
      token: admin.token,
      payload: { active: false },
    });
    expect(await check(deactivated.token)).toEqual({ valid: false, expiresAt: null, ended: 'deactivated' });

    const idle = await signIn(ctx);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + IDLE_MINUTES * MINUTE + 1_000);
    expect(await check(idle.token)).toEqual({ valid: false, expiresAt: null, ended: 'expired' });
    expect(await check('a'.repeat(43))).toEqual({ valid: false, expiresAt: null, ended: null });
  });
});

describe('a session that ends takes its streams, with the reason', () => {
  it('revoked from another device: the stream says `revoked`, then ends', async () => {
    const alice = await signIn(ctx);
    const elsewhere = await login(ctx.app, alice.user.email, alice.user.password);
    const connection = await stream(alice.token);
    const revoke = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/${alice.sessionId}`,
      token: elsewhere.body.data.token!,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await ended(connection)).data).toEqual({ type: 'session.ended', reason: 'revoked' });
    await connection.ended;
    expect(connection.messages.at(-1)?.data.type).toBe('session.ended');
  });

  it('revoked, and the heartbeat finds it before the revocation’s own message: it still says `revoked`', async () => {
    const alice = await signIn(ctx);
    const connection = await stream(alice.token);
    expect(connection.status).toBe(200);
    // What another instance's revocation looks like here until its message arrives: the row says
    // revoked, this instance's cache has let the session go, and no `sessions.revoked` came.
    await ctx.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: 'revoked' })
      .where(eq(sessions.id, alice.sessionId));
    ctx.app.ctx.store.forget([alice.sessionId]);
    expect((await ended(connection)).data).toEqual({ type: 'session.ended', reason: 'revoked' });
    await connection.ended;
  });

  it('a deactivated member: every stream of every session says `deactivated`, then ends', async () => {
    const admin = await signInAdmin(ctx);
    const member = await signIn(ctx);
    const phone = await login(ctx.app, member.user.email, member.user.password);
    const connections = [await stream(member.token), await stream(phone.body.data.token!)];
    const deactivate = await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/admin/members/${member.user.id}`,
      token: admin.token,
      payload: { active: false },
    });
    expect(deactivate.statusCode).toBe(200);
    for (const connection of connections) {
      expect((await ended(connection)).data).toEqual({ type: 'session.ended', reason: 'deactivated' });
      await connection.ended;
    }
  });
});

describe('streams per person', () => {
  it('refuses a person’s stream past the cap over all their sessions (429), and no one else’s', async () => {
    const bob = await signIn(ctx);
    const laptop = (await login(ctx.app, bob.user.email, bob.user.password)).body.data.token!;
    for (const token of [bob.token, bob.token, bob.token, laptop])
      expect((await stream(token)).status).toBe(200);

    const refused = await stream(laptop);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(refused.body)).toMatchObject({
      status: 429,
      code: 'rate_limited',
      detail: 'Too many event streams open for this person (at most 4 over all their sessions)',
    });
    const carol = await signIn(ctx);
    expect((await stream(carol.token)).status).toBe(200);

    // One closed, one more opens again.
    open.find((connection) => connection.status === 200)!.close();
    await expect.poll(async () => (await stream(laptop)).status, { timeout: 15_000 }).toBe(200);
  });
});
