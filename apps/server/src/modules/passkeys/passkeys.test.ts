import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, passkeys } from '../../db/schema.ts';
import { codeAt } from '../../lib/totp.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';
import { createTestContext, inject, login, makeUser, signIn, type TestContext } from '../../test/test-app.ts';

const ORIGIN = 'http://localhost:4000';
const STEP = 30_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: ORIGIN });
});
afterAll(() => ctx.close());
afterEach(() => vi.useRealTimers());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  inject(ctx.app, { method: 'POST', url, payload, token });
const auditTypes = async (userId: string) =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, userId))).map((row) => row.type);

/** A member with TOTP on; `nextCode()` gives a fresh, not yet used code each call. */
async function enrolledMember() {
  const { user, token, sessionId } = await signIn(ctx);
  const setup = (await post('/api/2fa/setup', {}, token)).json().data;
  expect((await post('/api/2fa/verify', { code: codeAt(setup.secret, Date.now()) }, token)).statusCode).toBe(
    200,
  );
  let step = 0;
  const nextCode = () => {
    step += 1;
    // t+1 is accepted; beyond, move the clock along with the steps so each code stays within the window.
    if (step > 1) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + STEP);
    }
    return codeAt(setup.secret as string, Date.now() + STEP);
  };
  return { user, token, sessionId, nextCode };
}

async function addPasskey(
  member: Awaited<ReturnType<typeof enrolledMember>>,
  authenticator = new SoftAuthenticator(ORIGIN),
  name = 'Clé USB',
) {
  const options = await post('/api/2fa/passkeys/options', { code: member.nextCode() }, member.token);
  expect(options.statusCode).toBe(200);
  const { challengeId, options: creation } = options.json().data;
  const added = await post(
    '/api/2fa/passkeys',
    { challengeId, name, response: authenticator.register(creation) },
    member.token,
  );
  return { authenticator, added, challengeId, creation };
}

async function passkeySignIn(
  email: string,
  password: string,
  authenticator: SoftAuthenticator,
  tempToken?: string,
) {
  const token = tempToken ?? (await login(ctx.app, email, password)).body.data.tempToken!;
  const options = await post('/api/auth/passkey-options', { tempToken: token });
  expect(options.statusCode).toBe(200);
  const { challengeId, options: request } = options.json().data;
  const response = await post('/api/auth/verify-passkey', {
    tempToken: token,
    challengeId,
    response: authenticator.authenticate(request),
  });
  return { response, tempToken: token, challengeId, request };
}

describe('adding a passkey', () => {
  it('needs a current code, names the relying party from PUBLIC_URL, and lists the new key; audited', async () => {
    const member = await enrolledMember();
    expect((await post('/api/2fa/passkeys/options', { code: '000000' }, member.token)).statusCode).toBe(400);
    const { added, creation } = await addPasskey(member);
    expect(creation.rp).toEqual({ name: 'Jalon', id: 'localhost' });
    expect(added.statusCode).toBe(200);
    // Not the first factor (TOTP is on): no new backup codes, no session.
    expect(added.json().data).toMatchObject({
      name: 'Clé USB',
      lastUsedAt: null,
      backupCodes: null,
      signIn: null,
    });
    expect((await post('/api/2fa/passkeys/options', {}, member.token)).json().code).toBe('invalid_code');
    const list = (
      await inject(ctx.app, { method: 'GET', url: '/api/2fa/passkeys', token: member.token })
    ).json().data.passkeys;
    expect(list.map((key: { name: string }) => key.name)).toEqual(['Clé USB']);
    expect(await auditTypes(member.user.id)).toEqual(expect.arrayContaining(['security.passkey.added']));
  });

  it('refuses an answer made for another origin, and spends the challenge either way', async () => {
    const member = await enrolledMember();
    const options = (
      await post('/api/2fa/passkeys/options', { code: member.nextCode() }, member.token)
    ).json().data;
    const phishing = new SoftAuthenticator('http://localhost.evil.test');
    const refused = await post(
      '/api/2fa/passkeys',
      { challengeId: options.challengeId, name: 'x', response: phishing.register(options.options) },
      member.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('passkey_invalid');
    const retry = await post(
      '/api/2fa/passkeys',
      {
        challengeId: options.challengeId,
        name: 'x',
        response: new SoftAuthenticator(ORIGIN).register(options.options),
      },
      member.token,
    );
    expect(retry.json().code).toBe('passkey_challenge_expired');
    expect(await auditTypes(member.user.id)).toContain('security.passkey.failed');
  });

  it('refuses a challenge older than two minutes', async () => {
    const member = await enrolledMember();
    const options = (
      await post('/api/2fa/passkeys/options', { code: member.nextCode() }, member.token)
    ).json().data;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * 60_000 + 1_000);
    const late = await post(
      '/api/2fa/passkeys',
      {
        challengeId: options.challengeId,
        name: 'x',
        response: new SoftAuthenticator(ORIGIN).register(options.options),
      },
      member.token,
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('passkey_challenge_expired');
  });

  it('needs a session (not a sign-in step’s tempToken) and well-formed bodies', async () => {
    expect((await inject(ctx.app, { method: 'GET', url: '/api/2fa/passkeys' })).statusCode).toBe(401);
    const member = await enrolledMember();
    await addPasskey(member);
    const tempToken = (await login(ctx.app, member.user.email, member.user.password)).body.data.tempToken!;
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/2fa/passkeys', token: tempToken })).statusCode,
    ).toBe(401);
    // A sign-in step's tempToken (2FA already on) cannot start adding a key: only a forced enrolment's may.
    expect((await post('/api/2fa/passkeys/options', {}, tempToken)).json().code).toBe(
      'two_factor_already_enabled',
    );
    const options = (
      await post('/api/2fa/passkeys/options', { code: member.nextCode() }, member.token)
    ).json().data;
    const good = new SoftAuthenticator(ORIGIN).register(options.options);
    for (const body of [
      { challengeId: options.challengeId, name: 'x'.repeat(65), response: good },
      { challengeId: options.challengeId, name: '   ', response: good },
      { challengeId: options.challengeId, name: 'x', response: { ...good, id: 'not base64url!' } },
      { challengeId: options.challengeId, name: 'x', response: good, userId: member.user.id },
      { challengeId: 'nope', name: 'x', response: good },
    ]) {
      expect(
        (await post('/api/2fa/passkeys', body, member.token)).statusCode,
        JSON.stringify(body).slice(0, 80),
      ).toBe(400);
    }
    // Refused before use: the challenge still works.
    expect(
      (
        await post(
          '/api/2fa/passkeys',
          { challengeId: options.challengeId, name: 'Téléphone', response: good },
          member.token,
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('signing in with a passkey instead of a code', () => {
  it('opens a session; the tempToken and the challenge are single use; audited with the method', async () => {
    const member = await enrolledMember();
    const { authenticator } = await addPasskey(member);
    const { response, tempToken, challengeId, request } = await passkeySignIn(
      member.user.email,
      member.user.password,
      authenticator,
    );
    expect(response.statusCode).toBe(200);
    const session = response.json().data;
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: session.token })).statusCode,
    ).toBe(200);
    const replay = await post('/api/auth/verify-passkey', {
      tempToken,
      challengeId,
      response: authenticator.authenticate(request),
    });
    expect(replay.statusCode).toBe(401);
    const [row] = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
    const logins = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.type, 'auth.login.succeeded'), eq(auditLog.actorId, member.user.id)));
    expect(logins.some((entry) => (entry.metadata as { method?: string }).method === 'passkey')).toBe(true);
  });

  it('refuses a challenge answered twice, and one asked for by another sign-in', async () => {
    const member = await enrolledMember();
    const { authenticator } = await addPasskey(member);
    const first = (await login(ctx.app, member.user.email, member.user.password)).body.data.tempToken!;
    const second = (await login(ctx.app, member.user.email, member.user.password)).body.data.tempToken!;
    const options = (await post('/api/auth/passkey-options', { tempToken: first })).json().data;
    const answer = authenticator.authenticate(options.options);
    const elsewhere = await post('/api/auth/verify-passkey', {
      tempToken: second,
      challengeId: options.challengeId,
      response: answer,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('passkey_challenge_expired');
    expect(
      (
        await post('/api/auth/verify-passkey', {
          tempToken: first,
          challengeId: options.challengeId,
          response: answer,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a cloned authenticator (its counter does not grow) and audits it', async () => {
    const member = await enrolledMember();
    const { authenticator } = await addPasskey(member);
    const clone = authenticator.clone();
    expect(
      (await passkeySignIn(member.user.email, member.user.password, authenticator)).response.statusCode,
    ).toBe(200);
    const cloned = await passkeySignIn(member.user.email, member.user.password, clone);
    expect(cloned.response.statusCode).toBe(401);
    expect(await auditTypes(member.user.id)).toContain('security.passkey.clone_suspected');
  });

  it('counts refused passkeys with wrong codes: the 5th locks the account and then the right passkey is refused', async () => {
    const member = await enrolledMember();
    const { authenticator } = await addPasskey(member);
    const stranger = new SoftAuthenticator(ORIGIN);
    const early = (await login(ctx.app, member.user.email, member.user.password)).body.data.tempToken!;
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const tempToken = (await login(ctx.app, member.user.email, member.user.password)).body.data.tempToken!;
      const options = (await post('/api/auth/passkey-options', { tempToken })).json().data;
      // A signature by another key over the right challenge, under the registered credential's id.
      const forged = {
        ...stranger.authenticate(options.options),
        id: authenticator.id,
        rawId: authenticator.id,
      };
      statuses.push(
        (
          await post('/api/auth/verify-passkey', {
            tempToken,
            challengeId: options.challengeId,
            response: forged,
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await login(ctx.app, member.user.email, member.user.password)).status).toBe(429);
    // A tempToken from before the lock, with the right passkey: refused until the lock runs out.
    const options = await post('/api/auth/passkey-options', { tempToken: early });
    expect(options.statusCode).toBe(429);
    expect(Number(options.headers['retry-after'])).toBeGreaterThan(0);
    expect(await auditTypes(member.user.id)).toContain('security.code_locked');
  });

  it('answers 404 no_passkey to a member without one, and 403 to a pending enrolment', async () => {
    const member = await enrolledMember();
    const tempToken = (await login(ctx.app, member.user.email, member.user.password)).body.data.tempToken!;
    const none = await post('/api/auth/passkey-options', { tempToken });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('no_passkey');
    expect((await post('/api/auth/passkey-options', { tempToken: 'x'.repeat(43) })).statusCode).toBe(401);
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const enrolment = (await login(ctx.app, admin.email, admin.password)).body.data.tempToken!;
    const refused = await post('/api/auth/passkey-options', { tempToken: enrolment });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('two_factor_enrolment_required');
  });
});

describe('removing a passkey', () => {
  it('needs a current code; another user’s key is 404; audited', async () => {
    const member = await enrolledMember();
    const { added } = await addPasskey(member);
    const id = added.json().data.id as string;
    const remove = (code: string, token = member.token) =>
      inject(ctx.app, { method: 'DELETE', url: `/api/2fa/passkeys/${id}`, token, payload: { code } });
    expect((await remove('000000')).statusCode).toBe(400);
    const other = await enrolledMember();
    expect((await remove(other.nextCode(), other.token)).statusCode).toBe(404);
    const removed = await remove(member.nextCode());
    expect(removed.statusCode).toBe(200);
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/2fa/passkeys', token: member.token })).json().data
        .passkeys,
    ).toEqual([]);
    expect(await auditTypes(member.user.id)).toContain('security.passkey.removed');
  });

  it('goes with 2FA: turning 2FA off removes every passkey', async () => {
    const member = await enrolledMember();
    await addPasskey(member);
    expect((await post('/api/2fa/disable', { code: member.nextCode() }, member.token)).statusCode).toBe(200);
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id))).toHaveLength(0);
  });
});
