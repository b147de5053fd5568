import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, backupCodes, invitations, users } from '../../db/schema.ts';
import { codeAt } from '../../lib/totp.ts';
import { listeningUrl, openStream } from '../../test/sse-client.ts';
import {
  createTestContext,
  inject,
  login,
  makeUser,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const STEP = 30_000;
const get = (url: string, token?: string) => inject(ctx.app, { method: 'GET', url, token });
const patch = (token: string, id: string, payload: Record<string, unknown>) =>
  inject(ctx.app, { method: 'PATCH', url: `/api/admin/members/${id}`, token, payload });
const resetTwoFactor = (token: string, id: string, code: string) =>
  inject(ctx.app, { method: 'POST', url: `/api/admin/members/${id}/reset-2fa`, token, payload: { code } });
const auditFor = (type: string, userId: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.type, type), eq(auditLog.resource, `user:${userId}`)));

/** Only one administrator stays active in this file's database: the one returned. */
async function soleAdmin() {
  await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.role, 'admin'));
  return signInAdmin(ctx);
}

describe('GET /api/members', () => {
  it('lists the active members by name as {id, username, role}, without e-mail for a member', async () => {
    const zoe = await makeUser(ctx.db, { username: 'zoé Lambert' });
    const anna = await makeUser(ctx.db, { username: 'Anna Roux' });
    const gone = await makeUser(ctx.db, { username: 'Bruno Parti' });
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const { token } = await signIn(ctx);
    const response = await get('/api/members', token);
    expect(response.statusCode).toBe(200);
    const members = response.json().data as Array<Record<string, unknown>>;
    const names = members.map((member) => member.username as string);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(members.find((member) => member.id === anna.id)).toEqual({
      id: anna.id,
      username: 'Anna Roux',
      role: 'member',
      active: true,
    });
    expect(names).toContain(zoe.username);
    expect(members.map((member) => member.id)).not.toContain(gone.id);
    expect(JSON.stringify(members)).not.toContain('@');

    // The names on tasks include people who left, marked inactive.
    const all = (await get('/api/members?include=deactivated', token)).json().data as Array<
      Record<string, unknown>
    >;
    expect(all.find((member) => member.id === gone.id)).toEqual({
      id: gone.id,
      username: 'Bruno Parti',
      role: 'member',
      active: false,
    });
    expect((await get('/api/members?include=everyone', token)).statusCode).toBe(400);
  });

  it('adds the e-mail for an administrator, and answers 401 to nobody', async () => {
    const admin = await signInAdmin(ctx);
    const members = (await get('/api/members', admin.token)).json().data as Array<{
      id: string;
      email?: string;
    }>;
    expect(members.find((member) => member.id === admin.user.id)?.email).toBe(admin.user.email);
    expect((await get('/api/members')).statusCode).toBe(401);
  });
});

describe('administration routes: a member is refused everywhere', () => {
  it('answers 403 to a member and 401 to nobody on every route, and changes nothing', async () => {
    const member = await signIn(ctx);
    const target = await makeUser(ctx.db, { twoFactorEnabled: true });
    const id = target.id;
    const routes = [
      { method: 'GET', url: '/api/admin/members' },
      { method: 'PATCH', url: `/api/admin/members/${id}`, payload: { role: 'admin' } },
      { method: 'PATCH', url: `/api/admin/members/${member.user.id}`, payload: { role: 'admin' } },
      { method: 'POST', url: `/api/admin/members/${id}/reset-2fa`, payload: { code: '123456' } },
      { method: 'GET', url: '/api/admin/invitations' },
      {
        method: 'POST',
        url: '/api/admin/invitations',
        payload: { email: 'intrus@example.test', role: 'admin' },
      },
      { method: 'DELETE', url: '/api/admin/invitations/00000000-0000-4000-8000-000000000000' },
    ] as const;
    for (const route of routes) {
      const asMember = await inject(ctx.app, { ...route, token: member.token });
      expect(asMember.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(asMember.json().code).toBe('forbidden');
      expect((await inject(ctx.app, route)).statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
    }
    const [self] = await ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(self!.role).toBe('member');
    const [other] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(other!.twoFactorEnabled).toBe(true);
    expect(
      await ctx.db.select().from(invitations).where(eq(invitations.email, 'intrus@example.test')),
    ).toHaveLength(0);
  });
});

describe('GET /api/admin/members', () => {
  it('lists every account with role, active, 2FA and last activity', async () => {
    const admin = await signInAdmin(ctx);
    const never = await makeUser(ctx.db);
    const members = (await get('/api/admin/members', admin.token)).json().data as Array<
      Record<string, unknown>
    >;
    expect(members.find((member) => member.id === admin.user.id)).toMatchObject({
      role: 'admin',
      active: true,
      twoFactorEnabled: true,
      email: admin.user.email,
    });
    expect(typeof members.find((member) => member.id === admin.user.id)!.lastActiveAt).toBe('string');
    expect(members.find((member) => member.id === never.id)).toMatchObject({
      role: 'member',
      active: true,
      twoFactorEnabled: false,
      lastActiveAt: null,
    });
  });
});

describe('PATCH /api/admin/members/:id', () => {
  it('deactivation ends the live token at once; the right password then gets 403, a wrong one the usual 401', async () => {
    const admin = await signInAdmin(ctx);
    const member = await signIn(ctx);
    expect((await get('/api/auth/me', member.token)).statusCode).toBe(200);

    const response = await patch(admin.token, member.user.id, { active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: member.user.id, active: false });
    const after = await get('/api/auth/me', member.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('session_expired');
    expect(await auditFor('admin.member.deactivated', member.user.id)).toHaveLength(1);

    const right = await login(ctx.app, member.user.email, member.user.password);
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({
      code: 'account_deactivated',
      detail: 'Compte désactivé. Contactez un administrateur.',
    });
    const wrong = await login(ctx.app, member.user.email, 'Not the password 1!');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('invalid_credentials');
    expect(
      (await get('/api/members', admin.token)).json().data.map((m: { id: string }) => m.id),
    ).not.toContain(member.user.id);

    const reactivated = await patch(admin.token, member.user.id, { active: true });
    expect(reactivated.json().data.active).toBe(true);
    expect(await auditFor('admin.member.reactivated', member.user.id)).toHaveLength(1);
    expect((await login(ctx.app, member.user.email, member.user.password)).status).toBe(200);
  });

  it("deactivation closes the member's open event stream at once", async () => {
    const admin = await signInAdmin(ctx);
    const member = await signIn(ctx);
    const connection = await openStream(await listeningUrl(ctx.app), {
      cookie: `${sessionCookieName(ctx.config)}=${member.token}`,
    });
    expect(connection.status).toBe(200);
    expect((await patch(admin.token, member.user.id, { active: false })).statusCode).toBe(200);
    await connection.ended;
  });

  it('a deactivated member with 2FA waiting at the code step cannot finish signing in', async () => {
    const admin = await signInAdmin(ctx);
    const other = await signInAdmin(ctx);
    const pending = (await login(ctx.app, other.user.email, other.user.password)).body.data.tempToken!;
    expect((await patch(admin.token, other.user.id, { active: false })).statusCode).toBe(200);
    const step = await inject(ctx.app, {
      method: 'POST',
      url: '/api/auth/verify-2fa',
      payload: { tempToken: pending, code: codeAt(other.secret, Date.now() + STEP) },
    });
    expect(step.statusCode).toBe(401);
    expect((await get('/api/auth/me', other.token)).statusCode).toBe(401);
  });

  it('changes a role, audited; the member becomes an administrator who must enrol in 2FA', async () => {
    const admin = await signInAdmin(ctx);
    const member = await signIn(ctx);
    const promoted = await patch(admin.token, member.user.id, { role: 'admin' });
    expect(promoted.json().data.role).toBe('admin');
    const [audit] = await auditFor('admin.member.role_changed', member.user.id);
    expect(audit!.metadata).toEqual({ from: 'member', to: 'admin' });
    expect(audit!.details).toBe(
      `Rôle de ${member.user.username} <${member.user.email}> : membre → administrateur`,
    );
    // Their open session now reads the new role: an administrator without 2FA may only enrol (S15).
    const next = await get('/api/projects', member.token);
    expect(next.statusCode).toBe(403);
    expect(next.json().code).toBe('two_factor_enrolment_required');
  });

  it('keeps the last active administrator: neither demoted nor deactivated (409); nobody deactivates themself', async () => {
    const admin = await soleAdmin();
    const demote = await patch(admin.token, admin.user.id, { role: 'member' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('last_admin');
    const self = await patch(admin.token, admin.user.id, { active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('self_change');

    // With a second administrator, one may demote the other, and then the last one stays.
    const second = await signInAdmin(ctx);
    expect((await patch(second.token, admin.user.id, { role: 'member' })).statusCode).toBe(200);
    const last = await patch(admin.token, second.user.id, { active: false });
    expect(last.statusCode).toBe(403);
    const deactivateLast = await patch(second.token, second.user.id, { role: 'member' });
    expect(deactivateLast.json().code).toBe('last_admin');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, second.user.id));
    expect(row).toMatchObject({ role: 'admin', deactivatedAt: null });
  });

  it('two administrators demoting each other at once leave one administrator', async () => {
    const first = await soleAdmin();
    const second = await signInAdmin(ctx);
    const answers = await Promise.all([
      patch(first.token, second.user.id, { role: 'member' }),
      patch(second.token, first.user.id, { role: 'member' }),
    ]);
    // The loser is refused either inside the transaction (409 last_admin, both requests were in before
    // either committed) or at the door (403: its session already lost the administrator role).
    const [won, lost] = answers.map((answer) => answer.statusCode).sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(lost);
    const admins = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin')));
    expect(admins.filter((row) => row.deactivatedAt === null)).toHaveLength(1);
  });

  it('refuses bad input with 400 and an unknown member with 404, changing nothing', async () => {
    const admin = await signInAdmin(ctx);
    const member = await makeUser(ctx.db);
    for (const payload of [
      {},
      { role: 'owner' },
      { active: 'no' },
      { active: false, email: 'x@example.test' },
      { role: 'admin', twoFactorEnabled: false },
    ]) {
      const response = await patch(admin.token, member.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await patch(admin.token, 'not-a-uuid', { active: false })).statusCode).toBe(400);
    expect(
      (await patch(admin.token, '00000000-0000-4000-8000-000000000000', { active: false })).statusCode,
    ).toBe(404);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ role: 'member', deactivatedAt: null });
  });
});

describe('POST /api/admin/members/:id/reset-2fa', () => {
  async function enrolledMember() {
    const { user, token } = await signIn(ctx);
    const setup = (
      await inject(ctx.app, { method: 'POST', url: '/api/2fa/setup', token, payload: {} })
    ).json().data;
    expect(
      (
        await inject(ctx.app, {
          method: 'POST',
          url: '/api/2fa/verify',
          token,
          payload: { code: codeAt(setup.secret, Date.now()) },
        })
      ).statusCode,
    ).toBe(200);
    return { user, token };
  }

  it('needs the administrator’s own current code: a wrong one is 400 and erases nothing', async () => {
    const admin = await signInAdmin(ctx);
    const member = await enrolledMember();
    const wrong = await resetTwoFactor(admin.token, member.user.id, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_code');
    // The code the administrator already used to sign in is not accepted again (S13).
    const replay = await resetTwoFactor(admin.token, member.user.id, codeAt(admin.secret, Date.now()));
    expect(replay.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.twoFactorEnabled).toBe(true);
    expect((await get('/api/auth/me', member.token)).statusCode).toBe(200);
  });

  it('with a TOTP code: erases the secret and backup codes, ends the sessions, audits; the member signs in without a code', async () => {
    const admin = await signInAdmin(ctx);
    const member = await enrolledMember();
    const response = await resetTwoFactor(
      admin.token,
      member.user.id,
      codeAt(admin.secret, Date.now() + STEP),
    );
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({
      twoFactorEnabled: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
    });
    expect(
      await ctx.db.select().from(backupCodes).where(eq(backupCodes.userId, member.user.id)),
    ).toHaveLength(0);
    expect((await get('/api/auth/me', member.token)).statusCode).toBe(401);
    expect(await auditFor('admin.member.2fa_reset', member.user.id)).toHaveLength(1);
    const again = await login(ctx.app, member.user.email, member.user.password);
    expect(again.body.data.requires2FA).toBe(false);
  });

  it('with a backup code (used once); an administrator reset must enrol again; not on oneself', async () => {
    const admin = await signInAdmin(ctx);
    const other = await signInAdmin(ctx);
    const [code] = admin.backupCodes;
    expect((await resetTwoFactor(admin.token, other.user.id, code!)).statusCode).toBe(200);
    const next = await login(ctx.app, other.user.email, other.user.password);
    expect(next.body.data).toMatchObject({ requires2FA: true, setupRequired: true });
    const member = await enrolledMember();
    expect((await resetTwoFactor(admin.token, member.user.id, code!)).statusCode).toBe(400);
    const self = await resetTwoFactor(admin.token, admin.user.id, admin.backupCodes[1]!);
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('self_change');
  });

  it('two administrators resetting each other at once: one succeeds, the other no longer has a second factor to prove', async () => {
    const first = await signInAdmin(ctx);
    const second = await signInAdmin(ctx);
    const answers = await Promise.all([
      resetTwoFactor(first.token, second.user.id, first.backupCodes[0]!),
      resetTwoFactor(second.token, first.user.id, second.backupCodes[0]!),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a code that is neither 6 digits nor a backup code with 400 before any check', async () => {
    const admin = await signInAdmin(ctx);
    const member = await enrolledMember();
    for (const code of ['12345', '1234567', '١٢٣٤٥٦', 123456]) {
      const response = await inject(ctx.app, {
        method: 'POST',
        url: `/api/admin/members/${member.user.id}/reset-2fa`,
        token: admin.token,
        payload: { code },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
  });
});
