import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passkeys, users } from '../../db/schema.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';
import { createTestContext, inject, login, makeUser, signIn, type TestContext } from '../../test/test-app.ts';

// A passkey alone as the second factor (decision 0037): the first factor of a member or of an
// administrator's forced enrolment, backup codes beside it, and an account never left without one.

const ORIGIN = 'http://localhost:4000';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: ORIGIN });
});
afterAll(() => ctx.close());

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  inject(ctx.app, { method: 'POST', url, payload, token });
const auditTypes = async (userId: string) =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, userId))).map((row) => row.type);
const status = async (token: string) =>
  (await inject(ctx.app, { method: 'GET', url: '/api/2fa/status', token })).json().data;

/** Asks for registration options with `body` (a proof, or none) and answers them with `authenticator`. */
async function addKey(
  token: string,
  authenticator = new SoftAuthenticator(ORIGIN),
  body: Record<string, unknown> = {},
) {
  const options = await post('/api/2fa/passkeys/options', body, token);
  expect(options.statusCode, options.body).toBe(200);
  const { challengeId, options: creation } = options.json().data;
  const answer = authenticator.register(creation);
  const added = await post('/api/2fa/passkeys', { challengeId, name: 'Clé USB', response: answer }, token);
  return { added, challengeId, answer, authenticator };
}

/** A step-up answer: the proof a change takes instead of a code. */
async function stepUp(token: string, authenticator: SoftAuthenticator) {
  const options = await post('/api/2fa/passkeys/assertion-options', {}, token);
  expect(options.statusCode, options.body).toBe(200);
  const { challengeId, options: request } = options.json().data;
  return { challengeId, response: authenticator.authenticate(request) };
}

async function passkeySignIn(email: string, password: string, authenticator: SoftAuthenticator) {
  const tempToken = (await login(ctx.app, email, password)).body.data.tempToken!;
  const { challengeId, options } = (await post('/api/auth/passkey-options', { tempToken })).json().data;
  return post('/api/auth/verify-passkey', {
    tempToken,
    challengeId,
    response: authenticator.authenticate(options),
  });
}

/** A member whose only second factor is one passkey, with its backup codes. */
async function passkeyOnlyMember() {
  const { user, token } = await signIn(ctx);
  const { added, authenticator } = await addKey(token);
  expect(added.statusCode).toBe(200);
  return {
    user,
    token,
    authenticator,
    keyId: added.json().data.id as string,
    backupCodes: added.json().data.backupCodes as string[],
  };
}

describe('an administrator’s forced enrolment with a passkey', () => {
  it('opens the session, turns 2FA on with ten backup codes, and the next sign-in takes the passkey', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const first = (await login(ctx.app, admin.email, admin.password)).body.data;
    expect(first).toMatchObject({ requires2FA: true, setupRequired: true });
    const { added } = await addKey(first.tempToken!, new SoftAuthenticator(ORIGIN));
    expect(added.statusCode).toBe(200);
    const { signIn: session, backupCodes } = added.json().data;
    expect(backupCodes).toHaveLength(10);
    expect(session).toMatchObject({ requires2FA: false, user: { id: admin.id, twoFactorEnabled: true } });
    // A route closed to an administrator without 2FA now answers.
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/2fa/passkeys', token: session.token })).statusCode,
    ).toBe(200);
    expect(await status(session.token)).toEqual({
      enabled: true,
      totpEnabled: false,
      passkeys: 1,
      backupCodesRemaining: 10,
    });
    // The tempToken died with the enrolment it completed.
    expect((await post('/api/2fa/passkeys/options', {}, first.tempToken!)).statusCode).toBe(401);
    const types = await auditTypes(admin.id);
    expect(types).toEqual(
      expect.arrayContaining(['security.passkey.added', 'security.2fa.enabled', 'auth.login.succeeded']),
    );
    const [login2] = (await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id))).filter(
      (row) => row.type === 'auth.login.succeeded',
    );
    expect((login2!.metadata as { method: string }).method).toBe('passkey');

    const next = (await login(ctx.app, admin.email, admin.password)).body.data;
    expect(next).toMatchObject({ requires2FA: true, setupRequired: false });
    // No TOTP: a six-digit code can never pass; a backup code still signs in.
    expect(
      (await post('/api/auth/verify-2fa', { tempToken: next.tempToken!, code: '123456' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/auth/verify-2fa', { tempToken: next.tempToken!, code: backupCodes[0] })).statusCode,
    ).toBe(200);
  });

  it('signs in with the passkey it enrolled', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const tempToken = (await login(ctx.app, admin.email, admin.password)).body.data.tempToken!;
    const { added, authenticator } = await addKey(tempToken);
    expect(added.statusCode).toBe(200);
    const signedIn = await passkeySignIn(admin.email, admin.password, authenticator);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.token).toEqual(expect.any(String));
  });
});

describe('what a tempToken and a challenge cannot do', () => {
  it('a sign-in step’s tempToken (2FA already on) can neither start nor finish adding a key', async () => {
    const member = await passkeyOnlyMember();
    const tempToken = (await login(ctx.app, member.user.email, member.user.password)).body.data.tempToken!;
    expect((await post('/api/2fa/passkeys/options', {}, tempToken)).json().code).toBe(
      'two_factor_already_enabled',
    );
    const options = (
      await post('/api/2fa/passkeys/options', { code: member.backupCodes[0] }, member.token)
    ).json().data;
    const planted = await post(
      '/api/2fa/passkeys',
      {
        challengeId: options.challengeId,
        name: 'x',
        response: new SoftAuthenticator(ORIGIN).register(options.options),
      },
      tempToken,
    );
    expect(planted.json().code).toBe('two_factor_already_enabled');
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id))).toHaveLength(1);
  });

  it('a registration challenge is single use and answers only the sign-in or session that asked for it', async () => {
    const one = await makeUser(ctx.db, { role: 'admin' });
    const other = await makeUser(ctx.db, { role: 'admin' });
    const oneToken = (await login(ctx.app, one.email, one.password)).body.data.tempToken!;
    const otherToken = (await login(ctx.app, other.email, other.password)).body.data.tempToken!;
    const options = (await post('/api/2fa/passkeys/options', {}, oneToken)).json().data;
    const answer = new SoftAuthenticator(ORIGIN).register(options.options);
    // Another administrator's enrolment cannot spend it to put a key on its own account or on this one.
    const stolen = await post(
      '/api/2fa/passkeys',
      { challengeId: options.challengeId, name: 'x', response: answer },
      otherToken,
    );
    expect(stolen.json().code).toBe('passkey_challenge_expired');
    expect(
      (
        await post(
          '/api/2fa/passkeys',
          { challengeId: options.challengeId, name: 'x', response: answer },
          oneToken,
        )
      ).statusCode,
    ).toBe(200);
    const replay = await post(
      '/api/2fa/passkeys',
      {
        challengeId: options.challengeId,
        name: 'y',
        response: new SoftAuthenticator(ORIGIN).register(options.options),
      },
      oneToken,
    );
    expect(replay.statusCode).toBe(401);
    // A session's challenge is not a tempToken's, and the other way round.
    const { token } = await signIn(ctx);
    const sessionOptions = (await post('/api/2fa/passkeys/options', {}, token)).json().data;
    const fromPending = await post(
      '/api/2fa/passkeys',
      {
        challengeId: sessionOptions.challengeId,
        name: 'x',
        response: new SoftAuthenticator(ORIGIN).register(sessionOptions.options),
      },
      otherToken,
    );
    expect(fromPending.json().code).toBe('passkey_challenge_expired');
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.userId, other.id))).toHaveLength(0);
    const sessionAnswer = new SoftAuthenticator(ORIGIN).register(sessionOptions.options);
    expect(
      (
        await post(
          '/api/2fa/passkeys',
          { challengeId: sessionOptions.challengeId, name: 'x', response: sessionAnswer },
          token,
        )
      ).statusCode,
    ).toBe(200);
    const again = await post(
      '/api/2fa/passkeys',
      {
        challengeId: sessionOptions.challengeId,
        name: 'y',
        response: new SoftAuthenticator(ORIGIN).register(sessionOptions.options),
      },
      token,
    );
    expect(again.json().code).toBe('passkey_challenge_expired');
  });

  it('a member without any factor cannot remove a key or take backup codes', async () => {
    const { token } = await signIn(ctx);
    const remove = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/2fa/passkeys/${crypto.randomUUID()}`,
      token,
      payload: { code: 'ABCDE-FGHJK' },
    });
    expect(remove.json().code).toBe('two_factor_not_started');
    expect((await post('/api/2fa/backup-codes', { code: '123456' }, token)).json().code).toBe(
      'two_factor_not_started',
    );
  });
});

describe('a member with passkeys only', () => {
  it('turns 2FA on with the first key; further keys need a backup code or a passkey', async () => {
    const member = await passkeyOnlyMember();
    expect(member.backupCodes).toHaveLength(10);
    const me = (await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: member.token })).json()
      .data;
    expect(me.user.twoFactorEnabled).toBe(true);
    expect((await post('/api/2fa/passkeys/options', {}, member.token)).json().code).toBe('invalid_code');
    expect((await post('/api/2fa/passkeys/options', { code: '123456' }, member.token)).json().code).toBe(
      'invalid_code',
    );
    const byCode = await addKey(member.token, new SoftAuthenticator(ORIGIN), { code: member.backupCodes[0] });
    expect(byCode.added.json().data.backupCodes).toBeNull();
    const byKey = await addKey(member.token, new SoftAuthenticator(ORIGIN), {
      passkey: await stepUp(member.token, member.authenticator),
    });
    expect(byKey.added.statusCode).toBe(200);
    expect(await status(member.token)).toMatchObject({
      enabled: true,
      totpEnabled: false,
      passkeys: 3,
      backupCodesRemaining: 9,
    });
    expect(await auditTypes(member.user.id)).toContain('security.2fa.backup_code_used');
    // TOTP cannot be started beside passkeys alone (decision 0037: remove the keys first).
    expect((await post('/api/2fa/setup', {}, member.token)).statusCode).toBe(409);
  });

  it('a step-up challenge is single use and a stranger’s key is refused, counted and audited', async () => {
    const member = await passkeyOnlyMember();
    const proof = await stepUp(member.token, member.authenticator);
    const removeWith = (body: Record<string, unknown>) =>
      inject(ctx.app, {
        method: 'DELETE',
        url: `/api/2fa/passkeys/${member.keyId}`,
        token: member.token,
        payload: body,
      });
    const stranger = await stepUp(member.token, new SoftAuthenticator(ORIGIN));
    const forged = await removeWith({
      passkey: {
        ...stranger,
        response: { ...stranger.response, id: member.authenticator.id, rawId: member.authenticator.id },
      },
    });
    expect(forged.json().code).toBe('passkey_invalid');
    expect(await auditTypes(member.user.id)).toEqual(
      expect.arrayContaining(['security.passkey.failed', 'security.2fa.verify_failed']),
    );
    // The stranger's request voided the earlier challenge (one confirmation at a time).
    expect((await removeWith({ passkey: proof })).json().code).toBe('passkey_challenge_expired');
    const fresh = await stepUp(member.token, member.authenticator);
    expect((await removeWith({ passkey: fresh })).statusCode).toBe(200);
    expect((await removeWith({ passkey: fresh })).statusCode).toBe(400);
  });

  it('removing the last key turns 2FA off and the next sign-in needs the password only', async () => {
    const member = await passkeyOnlyMember();
    const removed = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/2fa/passkeys/${member.keyId}`,
      token: member.token,
      payload: { code: member.backupCodes[3] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await status(member.token)).toEqual({
      enabled: false,
      totpEnabled: false,
      passkeys: 0,
      backupCodesRemaining: 0,
    });
    expect(await auditTypes(member.user.id)).toContain('security.2fa.disabled');
    expect((await login(ctx.app, member.user.email, member.user.password)).body.data.token).toEqual(
      expect.any(String),
    );
  });

  it('backup codes share the one wrong-code counter: the fifth wrong one locks and revokes the session', async () => {
    const member = await passkeyOnlyMember();
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await inject(ctx.app, {
        method: 'DELETE',
        url: `/api/2fa/passkeys/${member.keyId}`,
        token: member.token,
        payload: { code: 'AAAAA-AAAAA' },
      });
      statuses.push(response.statusCode);
    }
    statuses.push((await post('/api/2fa/backup-codes', { code: 'BBBBB-BBBBB' }, member.token)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: member.token })).statusCode,
    ).toBe(401);
    expect(await auditTypes(member.user.id)).toContain('security.code_locked');
  });
});

describe('an administrator keeps a second factor', () => {
  it('refuses removing the last passkey when TOTP is off; the others may go', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const tempToken = (await login(ctx.app, admin.email, admin.password)).body.data.tempToken!;
    const { added } = await addKey(tempToken);
    const { signIn: session, backupCodes, id: firstKey } = added.json().data;
    const second = await addKey(session.token, new SoftAuthenticator(ORIGIN), { code: backupCodes[0] });
    const remove = (id: string, code: string) =>
      inject(ctx.app, {
        method: 'DELETE',
        url: `/api/2fa/passkeys/${id}`,
        token: session.token,
        payload: { code },
      });
    expect((await remove(second.added.json().data.id, backupCodes[1])).statusCode).toBe(200);
    const last = await remove(firstKey, backupCodes[2]);
    expect(last.statusCode).toBe(403);
    expect(last.json().code).toBe('last_second_factor');
    // Refused whole: the key stays, 2FA stays on, and the backup code was not spent.
    expect(await ctx.db.select().from(passkeys).where(eq(passkeys.userId, admin.id))).toHaveLength(1);
    const [row] = await ctx.db
      .select({ enabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, admin.id));
    expect(row!.enabled).toBe(true);
    expect((await status(session.token)).backupCodesRemaining).toBe(8);
  });
});
