import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invitations, users } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  createTestContext,
  inject,
  login,
  makeUser,
  signIn,
  signInAdmin,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const invite = (token: string, payload: Record<string, unknown>) =>
  inject(ctx.app, { method: 'POST', url: '/api/admin/invitations', token, payload });
const accept = (payload: Record<string, unknown>) =>
  inject(ctx.app, { method: 'POST', url: '/api/auth/invitations/accept', payload });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function invited(role: 'admin' | 'member' = 'member') {
  const admin = await signInAdmin(ctx);
  const email = uniqueEmail('invited');
  const response = await invite(admin.token, { email, role });
  expect(response.statusCode).toBe(201);
  const data = response.json().data;
  return { admin, email, id: data.id as string, token: tokenOf(data.devInviteLink as string), data };
}

/** A used, a revoked and an expired invitation, and an unknown token: the links that must all look the same. */
async function deadLinks() {
  const used = await invited();
  // Each call makes a new account: names must differ from earlier ones (display names are unique).
  const username = `Première ${randomUUID().slice(0, 8)}`;
  expect((await accept({ token: used.token, username, password: STRONG_PASSWORD })).statusCode).toBe(201);
  const revoked = await invited();
  await inject(ctx.app, {
    method: 'DELETE',
    url: `/api/admin/invitations/${revoked.id}`,
    token: revoked.admin.token,
  });
  const expired = await invited();
  await ctx.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.id, expired.id));
  return { used, expired, tokens: [used.token, revoked.token, expired.token, 'x'.repeat(43)] };
}

const auditFor = (type: string, resource: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.type, type), eq(auditLog.resource, resource)));

describe('POST /api/admin/invitations', () => {
  it('stores a hashed single-use link valid 7 days, mails it, and audits it', async () => {
    const { admin, email, id, token, data } = await invited();
    expect(data).toMatchObject({ id, email, role: 'member' });
    const days = (Date.parse(data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(data.devInviteLink).toBe(`${ctx.config.publicUrl}/invitation?token=${token}`);

    const [row] = await ctx.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const mail = (await ctx.mailsSent()).filter((m) => m.to === email).at(-1)!;
    expect(mail.text).toContain(data.devInviteLink);

    const [audit] = await auditFor('admin.invitation.created', `invitation:${id}`);
    // The journal is read in French: the role too.
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      outcome: 'success',
      details: `Invitation envoyée à ${email} (membre)`,
    });
    expect(JSON.stringify(audit)).not.toContain(token);

    const pending = (
      await inject(ctx.app, { method: 'GET', url: '/api/admin/invitations', token: admin.token })
    ).json().data;
    expect(pending.map((entry: { id: string }) => entry.id)).toContain(id);
  });

  it('answers 409 for an e-mail that already has an account, whatever its case, and stores nothing', async () => {
    const admin = await signInAdmin(ctx);
    const existing = await makeUser(ctx.db);
    const response = await invite(admin.token, { email: existing.email.toUpperCase(), role: 'member' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('email_taken');
    expect(await ctx.db.select().from(invitations).where(eq(invitations.email, existing.email))).toHaveLength(
      0,
    );
  });

  it('refuses a bad role, a bad e-mail or an unknown field with 400 and stores nothing', async () => {
    const admin = await signInAdmin(ctx);
    const email = uniqueEmail('bad');
    for (const payload of [
      { email, role: 'owner' },
      { email: 'not-an-email', role: 'member' },
      { email, role: 'member', expiresAt: '2099-01-01T00:00:00Z' },
      { email },
    ]) {
      const response = await invite(admin.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('validation_failed');
    }
    expect(await ctx.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(0);
  });

  it('answers 409 invitation_pending for an address with a live link, which stays the one that works; after a revoke, a new one goes', async () => {
    const first = await invited();
    const mailsBefore = (await ctx.mailsSent()).filter((m) => m.to === first.email).length;
    const again = await invite(first.admin.token, { email: first.email.toUpperCase(), role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('invitation_pending');
    expect((await ctx.mailsSent()).filter((m) => m.to === first.email)).toHaveLength(mailsBefore);
    expect(await ctx.db.select().from(invitations).where(eq(invitations.email, first.email))).toHaveLength(1);

    await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/invitations/${first.id}`,
      token: first.admin.token,
    });
    const fresh = await invite(first.admin.token, { email: first.email, role: 'member' });
    expect(fresh.statusCode).toBe(201);
    expect(
      (await accept({ token: first.token, username: 'Ancien lien', password: STRONG_PASSWORD })).statusCode,
    ).toBe(400);
    expect(
      (
        await accept({
          token: tokenOf(fresh.json().data.devInviteLink),
          username: 'Nouveau lien',
          password: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('makes one invitation and one mail of the same id sent twice, at once or one after the other; the second answer is 200', async () => {
    const admin = await signInAdmin(ctx);
    const email = uniqueEmail('twice');
    const body = { id: randomUUID(), email, role: 'member' };
    const together = await Promise.all([invite(admin.token, body), invite(admin.token, body)]);
    const later = await invite(admin.token, body);
    expect(together.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(later.statusCode).toBe(200);
    expect(later.json().data).toMatchObject({ id: body.id, email, role: 'member' });
    expect(await ctx.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(1);
    expect((await ctx.mailsSent()).filter((m) => m.to === email)).toHaveLength(1);
    const created = together.find((answer) => answer.statusCode === 201)!.json().data;
    expect(
      (
        await accept({
          token: tokenOf(created.devInviteLink),
          username: 'Une fois',
          password: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(201);
  });

  it('answers 409 for two different sends to one address at the same moment: one live link', async () => {
    const admin = await signInAdmin(ctx);
    const email = uniqueEmail('race');
    const answers = await Promise.all([
      invite(admin.token, { email, role: 'member' }),
      invite(admin.token, { email, role: 'member' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await ctx.db.select().from(invitations).where(eq(invitations.email, email))).toHaveLength(1);
  });
});

describe('POST /api/auth/invitations/check', () => {
  const check = (token: string) =>
    inject(ctx.app, { method: 'POST', url: '/api/auth/invitations/check', payload: { token } });

  it('says which address and role a live link invites, without using it up', async () => {
    const { email, token } = await invited('admin');
    for (let i = 0; i < 2; i += 1) {
      const response = await check(token);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ email, role: 'admin' });
    }
    expect(
      (await accept({ token, username: 'Après la vérification', password: STRONG_PASSWORD })).statusCode,
    ).toBe(201);
  });

  it('gives a used, revoked, expired or unknown link the same 400 as the acceptance, naming no address', async () => {
    const answers = [];
    for (const token of (await deadLinks()).tokens) {
      const response = await check(token);
      expect(response.statusCode).toBe(400);
      expect(response.body).not.toMatch(/@/);
      const { requestId: _ignored, ...problem } = response.json();
      answers.push(problem);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ code: 'invalid_invitation_token' });
  });
});

describe('DELETE /api/admin/invitations/:id', () => {
  it('revokes a pending invitation: gone from the list, its link refused, audited; a second revoke is 404', async () => {
    const { admin, id, token } = await invited();
    const revoked = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/admin/invitations/${id}`,
      token: admin.token,
    });
    expect(revoked.statusCode).toBe(200);
    const pending = (
      await inject(ctx.app, { method: 'GET', url: '/api/admin/invitations', token: admin.token })
    ).json().data;
    expect(pending.map((entry: { id: string }) => entry.id)).not.toContain(id);
    expect((await accept({ token, username: 'Trop tard', password: STRONG_PASSWORD })).json().code).toBe(
      'invalid_invitation_token',
    );
    expect(await auditFor('admin.invitation.revoked', `invitation:${id}`)).toHaveLength(1);
    expect(
      (await inject(ctx.app, { method: 'DELETE', url: `/api/admin/invitations/${id}`, token: admin.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await inject(ctx.app, {
          method: 'DELETE',
          url: '/api/admin/invitations/not-a-uuid',
          token: admin.token,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/auth/invitations/accept', () => {
  it('creates the account with the invited e-mail and role, audits it, and the person signs in', async () => {
    const { email, id, token } = await invited();
    const response = await accept({ token, username: 'Dominique Martin', password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toEqual({ email, role: 'member' });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ username: 'Dominique Martin', role: 'member', deactivatedAt: null });
    const [row] = await ctx.db.select().from(invitations).where(eq(invitations.id, id));
    expect(row!.userId).toBe(user!.id);
    const accepted = await auditFor('auth.invitation.accepted', `user:${user!.id}`);
    expect(accepted.map((entry) => entry.details)).toEqual(['Invitation acceptée (membre)']);
    const signedIn = await login(ctx.app, email, STRONG_PASSWORD);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.token).toBeTruthy();
  });

  it('gives one and the same 400 to a used, revoked, expired or unknown token', async () => {
    const { used, expired, tokens } = await deadLinks();
    const answers = [];
    for (const token of tokens) {
      const response = await accept({ token, username: 'Seconde', password: STRONG_PASSWORD });
      expect(response.statusCode).toBe(400);
      const { requestId: _ignored, ...problem } = response.json();
      answers.push(problem);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ code: 'invalid_invitation_token' });
    // The used link created one account, not two; the others created none.
    expect(await ctx.db.select().from(users).where(eq(users.email, used.email))).toHaveLength(1);
    expect(await ctx.db.select().from(users).where(eq(users.email, expired.email))).toHaveLength(0);
  });

  it('applies the password rules (S01, S02) and leaves the link usable after a refused password', async () => {
    const { email, token } = await invited();
    const short = await accept({ token, username: 'Court', password: 'Ab1!xyz' });
    expect(short.statusCode).toBe(400);
    const common = await accept({ token, username: 'Commun', password: 'motdepasse123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().code).toBe('common_password');
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await accept({ token, username: 'Enfin', password: STRONG_PASSWORD })).statusCode).toBe(201);
  });

  it('refuses a name that reads like another member’s, whatever its case or script, with 409 on the field; the link stays usable', async () => {
    await makeUser(ctx.db, { username: 'Admin' });
    const { email, token } = await invited();
    for (const username of ['admin', 'ADMIN', '\u0410dmin', 'Ａｄｍｉｎ']) {
      const response = await accept({ token, username, password: STRONG_PASSWORD });
      expect(response.statusCode, username).toBe(409);
      expect(response.json()).toMatchObject({ code: 'username_taken', errors: [{ path: 'username' }] });
    }
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await accept({ token, username: 'Admine', password: STRONG_PASSWORD })).statusCode).toBe(201);
  });

  it('refuses server-owned fields and an empty name with 400', async () => {
    const { email, token } = await invited();
    expect(
      (await accept({ token, username: 'Moi', password: STRONG_PASSWORD, role: 'admin' })).statusCode,
    ).toBe(400);
    expect(
      (await accept({ token, username: 'Moi', password: STRONG_PASSWORD, email: 'autre@example.test' }))
        .statusCode,
    ).toBe(400);
    expect((await accept({ token, username: '   ', password: STRONG_PASSWORD })).statusCode).toBe(400);
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('makes an invited administrator set up 2FA at first sign-in', async () => {
    const { email, token } = await invited('admin');
    expect(
      (await accept({ token, username: 'Admin invitée', password: STRONG_PASSWORD })).json().data.role,
    ).toBe('admin');
    const first = await login(ctx.app, email, STRONG_PASSWORD);
    expect(first.body.data).toMatchObject({ requires2FA: true, setupRequired: true, token: null });
  });
});

describe('rate limits', () => {
  it('limits invitation acceptance per IP like the reset routes', async () => {
    const limited = await createTestContext({ RESET_IP_MAX: '2' });
    try {
      const codes = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push(
          (
            await inject(limited.app, {
              method: 'POST',
              url: '/api/auth/invitations/accept',
              payload: { token: 'unknown-token', username: 'X', password: STRONG_PASSWORD },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([400, 400, 429]);
      const checks = [];
      for (let i = 0; i < 3; i += 1) {
        checks.push(
          (
            await inject(limited.app, {
              method: 'POST',
              url: '/api/auth/invitations/check',
              payload: { token: 'unknown-token' },
            })
          ).statusCode,
        );
      }
      expect(checks).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('limits the administration routes per session', async () => {
    const limited = await createTestContext({ LOGIN_IP_MAX: '3' });
    try {
      const admin = await signInAdmin(limited);
      const codes = [];
      for (let i = 0; i < 4; i += 1)
        codes.push(
          (await inject(limited.app, { method: 'GET', url: '/api/admin/invitations', token: admin.token }))
            .statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429]);
      // Counted per session, not per IP: another session from the same address is not limited (here
      // a member, refused for what they are).
      const member = await signIn(limited);
      expect(
        (await inject(limited.app, { method: 'GET', url: '/api/admin/invitations', token: member.token }))
          .statusCode,
      ).toBe(403);
    } finally {
      await limited.close();
    }
  });
});
