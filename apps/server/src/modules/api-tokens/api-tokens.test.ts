import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN, type CreateApiTokenRequest } from '@jalon/contract';
import { apiTokens, auditLog } from '../../db/schema.ts';
import { sha256 } from '../../lib/crypto.ts';
import { listeningUrl } from '../../test/sse-client.ts';
import {
  createProject,
  createTestContext,
  inject,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://jalon.example.org' });
});
afterAll(() => ctx.close());

const create = (session: string, payload: Partial<CreateApiTokenRequest>) =>
  inject(ctx.app, { method: 'POST', url: '/api/me/tokens', token: session, payload });

/** A member with a session and a token of the given scope. */
async function memberWithToken(scope: 'read' | 'write' = 'write') {
  const member = await signIn(ctx);
  const response = await create(member.token, { name: 'CI', scope, expiresInDays: 30 });
  expect(response.statusCode).toBe(201);
  const created = response.json().data as { id: string; token: string };
  return { ...member, tokenId: created.id, pat: created.token };
}

const get = (url: string, token: string) => inject(ctx.app, { method: 'GET', url, token });

describe('POST /api/me/tokens', () => {
  it('shows the token once, keeps only its hash, lists it without the token, and audits the creation', async () => {
    const { user, token } = await signIn(ctx);
    const response = await create(token, { name: 'Script de sauvegarde', scope: 'read', expiresInDays: 90 });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({ name: 'Script de sauvegarde', scope: 'read', lastUsedAt: null });
    expect(created.token).toMatch(/^jalon_pat_[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(90);

    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const listed = (await get('/api/me/tokens', token)).json().data.tokens;
    expect(listed).toEqual([
      {
        id: created.id,
        name: created.name,
        scope: 'read',
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
        lastUsedAt: null,
      },
    ]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.type, 'security.token.created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.resource).toBe(`token:${created.id}`);
    expect(JSON.stringify(audit)).not.toContain(created.token);
  });

  it('gives no token without expiry to a member (403), but does to an administrator', async () => {
    const member = await signIn(ctx);
    const refused = await create(member.token, { name: 'Sans fin', scope: 'read', expiresInDays: null });
    expect(refused.statusCode).toBe(403);
    const admin = await signInAdmin(ctx);
    const allowed = await create(admin.token, { name: 'Sans fin', scope: 'read', expiresInDays: null });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().data.expiresAt).toBeNull();
  });

  it('refuses an expiry not offered, an empty name and unknown fields', async () => {
    const { token } = await signIn(ctx);
    for (const payload of [
      { name: 'x', scope: 'read', expiresInDays: 7 },
      { name: '  ', scope: 'read', expiresInDays: 30 },
      { name: 'x', scope: 'admin', expiresInDays: 30 },
      { name: 'x', scope: 'read', expiresInDays: 30, token: 'jalon_pat_mine' },
    ]) {
      expect((await create(token, payload as never)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it(`keeps at most ${API_TOKEN.perUser} live tokens per person (409)`, async () => {
    const { token } = await signIn(ctx);
    for (let i = 0; i < API_TOKEN.perUser; i++) {
      expect((await create(token, { name: `n${i}`, scope: 'read', expiresInDays: 30 })).statusCode).toBe(201);
    }
    const over = await create(token, { name: 'de trop', scope: 'read', expiresInDays: 30 });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('too_many_tokens');
  });
});

describe('Authorization: Bearer jalon_pat_…', () => {
  it('reads and writes as the person; every write is audited with via "token"; last use is recorded', async () => {
    const { user, pat, tokenId } = await memberWithToken('write');
    expect((await get('/api/projects', pat)).statusCode).toBe(200);
    const projectId = await createProject(ctx, pat, 'Projet par script');
    const task = await inject(ctx.app, {
      method: 'POST',
      url: '/api/tasks',
      token: pat,
      payload: { project: projectId, title: 'Tâche par script' },
    });
    expect(task.statusCode).toBe(201);
    // No session headers: a token has no expiry to count down.
    expect(task.headers['x-session-id']).toBeUndefined();
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    const writes = rows.filter((row) => row.type === 'project.created' || row.type === 'task.created');
    expect(writes).toHaveLength(2);
    for (const row of writes) expect(row.metadata).toMatchObject({ via: 'token' });
    const [stored] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, tokenId));
    expect(stored!.lastUsedAt).not.toBeNull();
  });

  it('writes made with a session carry no "via"', async () => {
    const { user, token } = await signIn(ctx);
    await createProject(ctx, token);
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.type, 'project.created')));
    expect(row!.metadata).not.toHaveProperty('via');
  });

  it('a read token reads, and gets 403 on any write (REST and sync)', async () => {
    const { pat, token } = await memberWithToken('read');
    const projectId = await createProject(ctx, token);
    expect((await get(`/api/tasks?projectId=${projectId}`, pat)).statusCode).toBe(200);
    const writes = [
      { method: 'POST', url: '/api/projects', payload: { name: 'Non' } },
      { method: 'PUT', url: `/api/projects/${projectId}`, payload: { name: 'Non' } },
      { method: 'DELETE', url: `/api/projects/${projectId}` },
      { method: 'PUT', url: '/api/preferences', payload: { theme: 'dark' } },
      { method: 'POST', url: '/api/sync/batch', payload: {} },
    ] as const;
    for (const write of writes) {
      const response = await inject(ctx.app, { ...write, token: pat });
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
      expect(response.json().code).toBe('forbidden');
    }
    expect((await get(`/api/projects/${projectId}`, token)).json().data.name).toBe('Projet de test');
  });

  it('is refused (403) on every security route, even with the write scope', async () => {
    const admin = await signInAdmin(ctx);
    const created = await create(admin.token, { name: 'admin', scope: 'write', expiresInDays: 30 });
    const pat = created.json().data.token as string;
    const routes = [
      ['GET', '/api/me/tokens'],
      ['POST', '/api/me/tokens'],
      ['DELETE', `/api/me/tokens/${created.json().data.id}`],
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/sessions'],
      ['DELETE', '/api/auth/sessions/others'],
      ['POST', '/api/auth/sessions/refresh'],
      ['POST', '/api/auth/password/change'],
      ['GET', '/api/2fa/status'],
      ['POST', '/api/2fa/disable'],
      ['GET', '/api/2fa/passkeys'],
      ['GET', '/api/admin/members'],
      ['POST', '/api/audit/logs'],
      ['GET', '/api/auth/audit-logs'],
    ] as const;
    for (const [method, url] of routes) {
      const response = await inject(ctx.app, {
        method,
        url,
        token: pat,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await get('/api/me/tokens', admin.token)).json().data.tokens).toHaveLength(1);
  });

  it('an expired token answers 401', async () => {
    const { pat, tokenId } = await memberWithToken();
    await ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, tokenId));
    const response = await get('/api/projects', pat);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
  });

  it('an unknown token answers 401, and on a public route it is not a credential', async () => {
    const unknown = `${API_TOKEN.prefix}${'A'.repeat(43)}`;
    expect((await get('/api/projects', unknown)).statusCode).toBe(401);
    expect((await get('/api/health', unknown)).statusCode).toBe(200);
  });

  it(`answers 429 past ${API_TOKEN.rateLimit.max} requests in the window, per token`, async () => {
    const first = await memberWithToken('read');
    const second = await memberWithToken('read');
    for (let i = 0; i < API_TOKEN.rateLimit.max; i++) {
      const response = await get('/api/preferences', first.pat);
      if (response.statusCode !== 200) throw new Error(`request ${i} answered ${response.statusCode}`);
    }
    const over = await get('/api/preferences', first.pat);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('rate_limited');
    expect(over.headers['retry-after']).toBeDefined();
    expect((await get('/api/preferences', second.pat)).statusCode).toBe(200);
    // The person's session is not the token's budget.
    expect((await get('/api/preferences', first.token)).statusCode).toBe(200);
  });
});

describe('revocation', () => {
  it('DELETE /api/me/tokens/{id} revokes it (401 after), audited; another person’s id answers 404', async () => {
    const owner = await memberWithToken();
    const other = await signIn(ctx);
    const stolen = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/me/tokens/${owner.tokenId}`,
      token: other.token,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await get('/api/projects', owner.pat)).statusCode).toBe(200);

    const revoked = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/me/tokens/${owner.tokenId}`,
      token: owner.token,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await get('/api/projects', owner.pat)).statusCode).toBe(401);
    expect((await get('/api/me/tokens', owner.token)).json().data.tokens).toEqual([]);
    const again = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/me/tokens/${owner.tokenId}`,
      token: owner.token,
    });
    expect(again.statusCode).toBe(404);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, owner.user.id), eq(auditLog.type, 'security.token.revoked')));
    expect(audit.map((row) => row.resource)).toEqual([`token:${owner.tokenId}`]);
  });

  it('deactivating the person revokes their tokens, which stay revoked after reactivation', async () => {
    const admin = await signInAdmin(ctx);
    const member = await memberWithToken();
    const patch = (active: boolean) =>
      inject(ctx.app, {
        method: 'PATCH',
        url: `/api/admin/members/${member.user.id}`,
        token: admin.token,
        payload: { active },
      });
    expect((await patch(false)).statusCode).toBe(200);
    expect((await get('/api/projects', member.pat)).statusCode).toBe(401);
    expect((await patch(true)).statusCode).toBe(200);
    expect((await get('/api/projects', member.pat)).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, member.tokenId));
    expect(row!.revokedReason).toBe('deactivated');
  });

  it('a password reset revokes the person’s tokens', async () => {
    const member = await memberWithToken();
    const forgot = await inject(ctx.app, {
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: member.user.email },
    });
    const link = forgot.json().data.devResetLink as string;
    const reset = await inject(ctx.app, {
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token: new URL(link).searchParams.get('token'), password: 'Un tout autre secret 2027 !' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await get('/api/projects', member.pat)).statusCode).toBe(401);
  });
});

describe('the example client of docs/api-client', () => {
  it('lists tasks with a personal token, without signing in', async () => {
    const { pat, token } = await memberWithToken('read');
    const projectId = await createProject(ctx, token);
    await inject(ctx.app, {
      method: 'POST',
      url: '/api/tasks',
      token,
      payload: { project: projectId, title: 'Lue par le client' },
    });
    // Loaded by path: its types come from the generated openapi.d.ts, which only `npm test` makes.
    const clientPath = fileURLToPath(
      new URL('../../../../../docs/api-client/jalon-client.ts', import.meta.url),
    );
    const { jalonClient } = (await import(clientPath)) as {
      jalonClient: (
        baseUrl: string,
        options: { token: string },
      ) => { listTasks(query: { projectId: string }): Promise<{ data: Array<{ title: string }> }> };
    };
    const page = await jalonClient(await listeningUrl(ctx.app), { token: pat }).listTasks({ projectId });
    expect(page.data.map((task) => task.title)).toEqual(['Lue par le client']);
  });
});
