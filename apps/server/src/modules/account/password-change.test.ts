import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGE_LIMIT } from '@jalon/contract';
import { auditLog, users } from '../../db/schema.ts';
import {
  createTestContext,
  inject,
  login,
  signIn,
  STRONG_PASSWORD,
  type TestContext,
} from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const change = (token: string | undefined, payload: unknown) =>
  inject(ctx.app, {
    method: 'POST',
    url: '/api/auth/password/change',
    token,
    payload: payload as Record<string, unknown>,
  });
const me = (token: string) => inject(ctx.app, { method: 'GET', url: '/api/auth/me', token });
const NEW_PASSWORD = 'Nouveau mot de passe 2026 !';

describe('POST /api/auth/password/change', () => {
  it('changes the password, keeps this session, ends the others, and audits it', async () => {
    const { user, token } = await signIn(ctx);
    const other = (await login(ctx.app, user.email, user.password)).body.data.token!;
    const response = await change(token, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ changed: true, revokedSessions: 1 });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(ctx.app, user.email, STRONG_PASSWORD)).status).toBe(401);
    expect((await login(ctx.app, user.email, NEW_PASSWORD)).status).toBe(200);
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.type, 'auth.password.changed')));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(NEW_PASSWORD);
    expect(JSON.stringify(audit)).not.toContain(STRONG_PASSWORD);
  });

  it('refuses a wrong current password with 400, changes nothing, ends no session, and audits the failure', async () => {
    const { user, token } = await signIn(ctx);
    const other = (await login(ctx.app, user.email, user.password)).body.data.token!;
    const response = await change(token, {
      currentPassword: 'pas le bon mot de passe',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'wrong_current_password' });
    expect((await me(other)).statusCode).toBe(200);
    expect((await login(ctx.app, user.email, STRONG_PASSWORD)).status).toBe(200);
    const failures = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.type, 'auth.password.change_failed')));
    expect(failures.map((row) => row.outcome)).toEqual(['failure']);
  });

  it('applies the password rules to the new one (S01, S02) and changes nothing', async () => {
    const { user, token } = await signIn(ctx);
    const cases: Array<[string, string]> = [
      ['Abc1!xy', 'validation_failed'],
      ['a'.repeat(129), 'validation_failed'],
      ['motdepasse123', 'common_password'],
    ];
    for (const [newPassword, code] of cases) {
      const response = await change(token, { currentPassword: STRONG_PASSWORD, newPassword });
      expect(response.statusCode, newPassword).toBe(400);
      expect(response.json().code).toBe(code);
    }
    expect((await login(ctx.app, user.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('accepts 128 characters with accents and emoji, exactly that string', async () => {
    const { user, token } = await signIn(ctx);
    const long = `Été 🌞 ${'x'.repeat(122)}`;
    expect([...long].length).toBe(128);
    expect((await change(token, { currentPassword: STRONG_PASSWORD, newPassword: long })).statusCode).toBe(
      200,
    );
    expect((await login(ctx.app, user.email, long.slice(0, -1))).status).toBe(401);
    expect((await login(ctx.app, user.email, long)).status).toBe(200);
  });

  it('refuses unknown fields, a missing current password and an anonymous caller', async () => {
    const { token } = await signIn(ctx);
    for (const payload of [
      { newPassword: NEW_PASSWORD },
      { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD, userId: 'x' },
      { currentPassword: '', newPassword: NEW_PASSWORD },
    ]) {
      expect((await change(token, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await change(undefined, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(401);
  });

  it(`stops guessing after ${PASSWORD_CHANGE_LIMIT.perUser} attempts per person, across sessions`, async () => {
    const { user, token } = await signIn(ctx);
    const second = (await login(ctx.app, user.email, user.password)).body.data.token!;
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.perUser; i += 1) {
      const response = await change(i % 2 ? second : token, {
        currentPassword: `essai ${i}`,
        newPassword: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await change(second, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login(ctx.app, user.email, STRONG_PASSWORD)).status).toBe(200);
    // Another person is not held back by it.
    const other = await signIn(ctx);
    expect(
      (await change(other.token, { currentPassword: STRONG_PASSWORD, newPassword: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });
});
