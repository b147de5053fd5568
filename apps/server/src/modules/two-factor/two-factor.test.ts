import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKUP_CODE_ALPHABET } from '@jalon/contract';
import { auditLog, backupCodes, users } from '../../db/schema.ts';
import { codeAt } from '../../lib/totp.ts';
import { createTestContext, inject, login, makeUser, signIn, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const STEP = 30_000;
const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  inject(ctx.app, { method: 'POST', url, payload, token });

/** Enrols a member through the API, as the security screen does, and returns its secret and codes. */
async function enrolledMember() {
  const { user, token } = await signIn(ctx);
  const setup = (await post('/api/2fa/setup', {}, token)).json().data;
  const verified = await post('/api/2fa/verify', { code: codeAt(setup.secret, Date.now()) }, token);
  expect(verified.statusCode).toBe(200);
  return { user, token, secret: setup.secret as string, backupCodes: setup.backupCodes as string[] };
}

async function tempTokenFor(email: string, password: string) {
  const result = (await login(ctx.app, email, password)).body.data;
  expect(result.requires2FA).toBe(true);
  return result.tempToken!;
}

describe('enrolment (S09, S10)', () => {
  it('forces an administrator through set-up with the tempToken, then opens a session', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const tempToken = await tempTokenFor(admin.email, admin.password);
    const status = await inject(ctx.app, { method: 'GET', url: '/api/2fa/status', token: tempToken });
    expect(status.json().data).toEqual({
      enabled: false,
      totpEnabled: false,
      passkeys: 0,
      backupCodesRemaining: 0,
    });

    const setup = (await post('/api/2fa/setup', {}, tempToken)).json().data;
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    const uri = new URL(setup.otpauthUrl);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(setup.secret.length * 5).toBeGreaterThanOrEqual(160);
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/2fa/status', token: tempToken })).json().data
        .enabled,
    ).toBe(false);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.twoFactorPendingSecret).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(setup.secret);

    const verified = await post('/api/2fa/verify', { code: codeAt(setup.secret, Date.now()) }, tempToken);
    expect(verified.statusCode).toBe(200);
    const session = verified.json().data;
    expect(session).toMatchObject({ enabled: true, requires2FA: false, user: { twoFactorEnabled: true } });
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/auth/sessions', token: session.token })).statusCode,
    ).toBe(200);
    expect((await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: tempToken })).statusCode).toBe(
      401,
    );
    const [enabled] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(enabled!.twoFactorSecret).toMatch(/^v1\./);
    expect(enabled!.twoFactorPendingSecret).toBeNull();
  });

  it('lets a member enable 2FA from a session; setup again answers 409', async () => {
    const { token } = await enrolledMember();
    const status = (await inject(ctx.app, { method: 'GET', url: '/api/2fa/status', token })).json().data;
    expect(status).toEqual({ enabled: true, totpEnabled: true, passkeys: 0, backupCodesRemaining: 10 });
    const again = await post('/api/2fa/setup', {}, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('two_factor_already_enabled');
  });

  it('refuses a wrong enrolment code and stays off', async () => {
    const { token } = await signIn(ctx);
    const setup = (await post('/api/2fa/setup', {}, token)).json().data;
    const wrong = codeAt(setup.secret, Date.now() + 10 * STEP);
    const response = await post('/api/2fa/verify', { code: wrong }, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_code');
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/2fa/status', token })).json().data.enabled,
    ).toBe(false);
  });
});

describe('the sign-in step (S11-S14)', () => {
  it('signs in with a TOTP code and never reuses the tempToken', async () => {
    const { user, secret } = await enrolledMember();
    const tempToken = await tempTokenFor(user.email, user.password);
    const result = await post('/api/auth/verify-2fa', { code: codeAt(secret, Date.now() + STEP), tempToken });
    expect(result.statusCode).toBe(200);
    expect(result.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const reuse = await post('/api/auth/verify-2fa', { code: codeAt(secret, Date.now() + STEP), tempToken });
    expect(reuse.statusCode).toBe(401);
  });

  it('refuses a replayed code, including the one that confirmed enrolment (S13)', async () => {
    const { user, secret } = await enrolledMember();
    const enrolmentCode = codeAt(secret, Date.now());
    const tempToken = await tempTokenFor(user.email, user.password);
    expect((await post('/api/auth/verify-2fa', { code: enrolmentCode, tempToken })).statusCode).toBe(401);
  });

  it('accepts steps t-1, t and t+1 and refuses t-2 and t+2 (S12)', async () => {
    // The clock is held in the middle of a step: on a slow machine the requests below would otherwise
    // cross into the next step, and the code made for t-1 would be checked as t-2.
    const now = Math.floor(Date.now() / STEP) * STEP + STEP / 2;
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      const { user: a, secret: secretA } = await enrolledMemberAt(now - 3 * STEP);
      const results = [];
      for (const offset of [-1, 0, 1]) {
        const tempToken = await tempTokenFor(a.email, a.password);
        results.push(
          (await post('/api/auth/verify-2fa', { code: codeAt(secretA, now + offset * STEP), tempToken }))
            .statusCode,
        );
      }
      expect(results).toEqual([200, 200, 200]);
      const { user: b, secret: secretB } = await enrolledMemberAt(now - 5 * STEP);
      for (const offset of [-2, 2]) {
        const tempToken = await tempTokenFor(b.email, b.password);
        expect(
          (await post('/api/auth/verify-2fa', { code: codeAt(secretB, now + offset * STEP), tempToken }))
            .statusCode,
        ).toBe(401);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it("binds the tempToken to its user: A's tempToken with B's valid code is refused", async () => {
    const a = await enrolledMember();
    const b = await enrolledMember();
    const tempTokenA = await tempTokenFor(a.user.email, a.user.password);
    const response = await post('/api/auth/verify-2fa', {
      code: codeAt(b.secret, Date.now() + STEP),
      tempToken: tempTokenA,
    });
    expect(response.statusCode).toBe(401);
  });

  it('voids the tempToken after 5 wrong codes, counting toward the lockout', async () => {
    const { user, secret } = await enrolledMember();
    const tempToken = await tempTokenFor(user.email, user.password);
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post('/api/auth/verify-2fa', { code: '000000', tempToken })).statusCode);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses[4]).toBe(429);
    const afterwards = await post('/api/auth/verify-2fa', {
      code: codeAt(secret, Date.now() + STEP),
      tempToken,
    });
    expect(afterwards.statusCode).toBe(401);
    expect((await login(ctx.app, user.email, user.password)).status).toBe(429);
  });

  it('expires the tempToken after 5 minutes', async () => {
    const { user, secret } = await enrolledMember();
    const tempToken = await tempTokenFor(user.email, user.password);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    const response = await post('/api/auth/verify-2fa', { code: codeAt(secret, Date.now()), tempToken });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('session_expired');
  });

  it('refuses malformed codes with 400 before any verification (S14)', async () => {
    const { user } = await enrolledMember();
    const tempToken = await tempTokenFor(user.email, user.password);
    for (const code of [123456, ['123456'], '123 456', '12345', '1234567', '١٢٣٤٥٦', '１２３４５６', '']) {
      const response = await post('/api/auth/verify-2fa', { code, tempToken });
      expect(response.statusCode, JSON.stringify(code)).toBe(400);
    }
    // Refused before verification: no failure was counted against the account.
    const failures = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.type, 'auth.login.second_factor_failed'), eq(auditLog.actorId, user.id)));
    expect(failures).toHaveLength(0);
  });

  it('refuses malformed codes with 400 on enrolment, disable and regenerate too, counting nothing (S14)', async () => {
    const { user, token, secret } = await enrolledMember();
    const fresh = await signIn(ctx);
    await post('/api/2fa/setup', {}, fresh.token);
    const routes: [string, string][] = [
      ['/api/2fa/verify', fresh.token],
      ['/api/2fa/disable', token],
      ['/api/2fa/backup-codes', token],
    ];
    for (const [url, bearer] of routes) {
      for (const code of [123456, ['123456'], '١٢٣٤٥٦', 'x'.repeat(200)]) {
        const response = await post(url, { code }, bearer);
        expect(response.statusCode, `${url} ${JSON.stringify(code)}`).toBe(400);
        expect(response.json().code).toBe('validation_failed');
      }
    }
    const failures = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.type, 'security.2fa.verify_failed'), eq(auditLog.actorId, user.id)));
    expect(failures).toHaveLength(0);
    // Nothing was counted: a right code still works afterwards.
    expect(
      (await post('/api/2fa/backup-codes', { code: codeAt(secret, Date.now() + STEP) }, token)).statusCode,
    ).toBe(200);
  });
});

describe('backup codes (S17-S19)', () => {
  it('gives 10 codes of 10 unambiguous characters, stored as one keyed hash per row', async () => {
    const { user, backupCodes: codes } = await enrolledMember();
    expect(codes).toHaveLength(10);
    for (const code of codes) {
      const plain = code.replace('-', '');
      expect(plain).toHaveLength(10);
      for (const char of plain) expect(BACKUP_CODE_ALPHABET).toContain(char);
    }
    const rows = await ctx.db.select().from(backupCodes).where(eq(backupCodes.userId, user.id));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) expect(stored).not.toContain(code.replace('-', ''));
  });

  it('signs in once with a backup code; the second use is refused', async () => {
    const { user, backupCodes: codes, token } = await enrolledMember();
    const first = await post('/api/auth/verify-2fa', {
      code: codes[0],
      tempToken: await tempTokenFor(user.email, user.password),
    });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/auth/verify-2fa', {
      code: codes[0],
      tempToken: await tempTokenFor(user.email, user.password),
    });
    expect(second.statusCode).toBe(401);
    const lowerNoDash = codes[1]!.replace('-', '').toLowerCase();
    const viaAlias = await post('/api/2fa/verify-backup', {
      code: lowerNoDash,
      tempToken: await tempTokenFor(user.email, user.password),
    });
    expect(viaAlias.statusCode).toBe(200);
    const status = await inject(ctx.app, { method: 'GET', url: '/api/2fa/status', token });
    expect(status.json().data.backupCodesRemaining).toBe(8);
    // Shown once (S19): afterwards only the count, never the codes.
    for (const code of codes) expect(status.body).not.toContain(code.replace('-', ''));
  });

  it('lets exactly one of two parallel uses of one code succeed', async () => {
    const { user, backupCodes: codes } = await enrolledMember();
    const [a, b] = [
      await tempTokenFor(user.email, user.password),
      await tempTokenFor(user.email, user.password),
    ];
    const results = await Promise.all([
      post('/api/auth/verify-2fa', { code: codes[3], tempToken: a }),
      post('/api/auth/verify-2fa', { code: codes[3], tempToken: b }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('regenerating needs a current code and voids every old code', async () => {
    const { user, token, secret, backupCodes: old } = await enrolledMember();
    expect((await post('/api/2fa/backup-codes', { code: '000000' }, token)).statusCode).toBe(400);
    const fresh = await post('/api/2fa/backup-codes', { code: codeAt(secret, Date.now() + STEP) }, token);
    expect(fresh.statusCode).toBe(200);
    const codes: string[] = fresh.json().data.backupCodes;
    expect(codes).toHaveLength(10);
    const oldUse = await post('/api/auth/verify-2fa', {
      code: old[0],
      tempToken: await tempTokenFor(user.email, user.password),
    });
    expect(oldUse.statusCode).toBe(401);
    const newUse = await post('/api/auth/verify-2fa', {
      code: codes[0],
      tempToken: await tempTokenFor(user.email, user.password),
    });
    expect(newUse.statusCode).toBe(200);
    const types = (await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, user.id))).map(
      (row) => row.type,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        'security.2fa.setup_started',
        'security.2fa.enabled',
        'security.2fa.backup_codes_regenerated',
        'security.2fa.backup_code_used',
      ]),
    );
  });
});

describe('disabling (S15, S16)', () => {
  it('turns 2FA off with a current code', async () => {
    const { user, token, secret } = await enrolledMember();
    expect((await post('/api/2fa/disable', { code: '123456' }, token)).statusCode).toBe(400);
    const off = await post('/api/2fa/disable', { code: codeAt(secret, Date.now() + STEP) }, token);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.message).toContain('disabled successfully');
    expect((await login(ctx.app, user.email, user.password)).body.data.requires2FA).toBe(false);
    expect(await ctx.db.select().from(backupCodes).where(eq(backupCodes.userId, user.id))).toHaveLength(0);
    const disabled = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.type, 'security.2fa.disabled'), eq(auditLog.actorId, user.id)));
    expect(disabled).toHaveLength(1);
  });

  it('refuses to let an administrator turn their own 2FA off', async () => {
    const admin = await makeUser(ctx.db, { role: 'admin' });
    const tempToken = await tempTokenFor(admin.email, admin.password);
    const setup = (await post('/api/2fa/setup', {}, tempToken)).json().data;
    const session = (
      await post('/api/2fa/verify', { code: codeAt(setup.secret, Date.now()) }, tempToken)
    ).json().data;
    const response = await post(
      '/api/2fa/disable',
      { code: codeAt(setup.secret, Date.now() + STEP) },
      session.token,
    );
    expect(response.statusCode).toBe(403);
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/2fa/status', token: session.token })).json().data
        .enabled,
    ).toBe(true);
  });
});

/** A member enrolled with a code from `at`, so later steps are still fresh for the test. */
/**
 * Enrols a member as if at `at`, then puts the clock back as it was: a caller that holds the clock in
 * the middle of a step keeps it held (putting real time back made S12's check cross a step boundary).
 */
async function enrolledMemberAt(at: number) {
  const { user, token } = await signIn(ctx);
  const setup = (await post('/api/2fa/setup', {}, token)).json().data;
  const heldClock = vi.isFakeTimers() ? Date.now() : null;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  const verified = await post('/api/2fa/verify', { code: codeAt(setup.secret, at) }, token);
  if (heldClock === null) vi.useRealTimers();
  else vi.setSystemTime(heldClock);
  expect(verified.statusCode).toBe(200);
  return { user, secret: setup.secret as string };
}
