import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_AUDIT_LIMIT } from '@jalon/contract';
import {
  createTestContext,
  inject,
  login,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';
import { allAuditRows, auditPage } from './audit-query.ts';
import { appendAudit } from './audit-writer.ts';
import { pdfDateCell, pdfDateHeading } from './audit-export.ts';
import { csvCell } from './csv.ts';

let ctx: TestContext;
let admin: { token: string; id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  // An administrator (2FA enrolled, as the guard demands), for the "sees everyone" cases.
  const { user, token } = await signInAdmin(ctx);
  admin = { token, id: user.id };
});
afterAll(() => ctx.close());

const get = (url: string, token: string) => inject(ctx.app, { method: 'GET', url, token });

describe('GET /api/auth/audit-logs', () => {
  it('shows a member only their own entries; an unknown or foreign id answers 404 (S31)', async () => {
    const alice = await signIn(ctx);
    const bob = await signIn(ctx);
    await login(ctx.app, bob.user.email, 'wrong password');
    const page = (await get('/api/auth/audit-logs', alice.token)).json().data;
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((item: { user: { id: string } }) => item.user.id === alice.user.id)).toBe(true);
    const bobsPage = (await get('/api/auth/audit-logs', bob.token)).json().data;
    const bobsId = bobsPage.items[0].id;
    expect((await get(`/api/audit/logs/${bobsId}`, alice.token)).statusCode).toBe(404);
    expect((await get(`/api/audit/logs/${bobsId}`, bob.token)).json().data.user.email).toBe(bob.user.email);
    expect((await get('/api/audit/logs/999999999', bob.token)).statusCode).toBe(404);
    expect((await get('/api/audit/logs/abc', bob.token)).statusCode).toBe(400);
  });

  it('filters by type family, user, free text and dates, and pages by cursor', async () => {
    const carol = await signIn(ctx, { username: 'Carol Filtre' });
    for (let i = 0; i < 3; i++) await login(ctx.app, carol.user.email, 'wrong password');
    await login(ctx.app, carol.user.email, carol.user.password);
    const all = (
      await get(`/api/auth/audit-logs?user=${encodeURIComponent('Carol Filtre')}&limit=200`, admin.token)
    ).json().data.items;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const failed = (
      await get(
        `/api/auth/audit-logs?type=auth.login.failed&user=${encodeURIComponent(carol.user.email)}`,
        admin.token,
      )
    ).json().data.items;
    expect(failed).toHaveLength(3);
    const authFamily = (await get(`/api/auth/audit-logs?type=auth&user=Carol`, admin.token)).json().data
      .items;
    expect(authFamily.every((item: { type: string }) => item.type.startsWith('auth.'))).toBe(true);
    const none = (await get(`/api/auth/audit-logs?type=project&user=Carol`, admin.token)).json().data.items;
    expect(none).toHaveLength(0);
    const text = (
      await get(
        `/api/auth/audit-logs?q=${encodeURIComponent('mot de passe incorrect')}&user=Carol`,
        admin.token,
      )
    ).json().data.items;
    expect(text).toHaveLength(3);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await get(`/api/auth/audit-logs?startDate=${tomorrow}&user=Carol`, admin.token)).json().data.items,
    ).toHaveLength(0);

    const first = (await get(`/api/auth/audit-logs?user=Carol&limit=2`, admin.token)).json().data;
    expect(first.items).toHaveLength(2);
    const second = (
      await get(`/api/auth/audit-logs?user=Carol&limit=2&before=${first.nextCursor}`, admin.token)
    ).json().data;
    expect(Number(second.items[0].id)).toBeLessThan(Number(first.items[1].id));
  });

  it('refuses malformed filters', async () => {
    for (const query of ['type=DROP%20TABLE', 'startDate=yesterday', 'limit=100000', 'unknown=1']) {
      expect((await get(`/api/auth/audit-logs?${query}`, admin.token)).statusCode, query).toBe(400);
    }
  });
});

describe('exports (S34)', () => {
  it('exports CSV with a BOM, semicolons (French spreadsheets), neutralised formulas, RFC 4180 quoting, and audits the export', async () => {
    const dave = await signIn(ctx, { username: '=HYPERLINK("http://evil")' });
    await ctx.db.transaction((tx) =>
      appendAudit(tx, {
        type: 'task.client.note',
        actor: {
          id: dave.user.id,
          email: dave.user.email,
          name: dave.user.username,
          ip: '127.0.0.1',
          userAgent: 'x',
        },
        outcome: 'success',
        details: 'Réunion; ordre du jour, "important"',
      }),
    );
    const response = await get('/api/auth/audit-logs/export/csv', dave.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="audit-logs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.csv"/,
    );
    const body = response.rawPayload.toString('utf8');
    expect(body.charCodeAt(0)).toBe(0xfeff);
    expect(body).toContain('Date;Type;Utilisateur;E-mail;IP;Ressource;Résultat;Détails\r\n');
    expect(body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(body).toContain('"Réunion; ordre du jour, ""important"""');
    const rows = body.split('\r\n').filter(Boolean);
    expect(rows.slice(1).every((row) => !row.includes(admin.id))).toBe(true);
    const after = (await get('/api/auth/audit-logs?type=security.audit.exported', dave.token)).json().data
      .items;
    expect(after[0]).toMatchObject({ type: 'security.audit.exported', user: { id: dave.user.id } });
  });

  it('neutralises every dangerous first character', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('a,b')).toBe('"a,b"');
  });

  it('honours the filters in the export', async () => {
    const erin = await signIn(ctx);
    await login(ctx.app, erin.user.email, 'wrong password');
    const body = (
      await get('/api/auth/audit-logs/export/csv?type=auth.login.failed', erin.token)
    ).rawPayload.toString('utf8');
    const lines = body.split('\r\n').filter(Boolean).slice(1);
    expect(lines.length).toBe(1);
    expect(lines[0]).toContain('auth.login.failed');
  });

  it('reads an export page by page: every matching row once, newest first', async () => {
    const hank = await signIn(ctx);
    for (const note of ['un', 'deux', 'trois', 'quatre', 'cinq']) {
      await ctx.db.transaction((tx) =>
        appendAudit(tx, {
          type: 'task.client.note',
          actor: {
            id: hank.user.id,
            email: hank.user.email,
            name: hank.user.username,
            ip: '127.0.0.1',
            userAgent: 'x',
          },
          outcome: 'success',
          details: note,
        }),
      );
    }
    const viewer = { userId: hank.user.id, isAdmin: false };
    const exported = [];
    for await (const row of allAuditRows(ctx.db, viewer, {}, 2)) exported.push(row);
    const all = (await auditPage(ctx.db, viewer, {}, 100)).rows;
    expect(exported.map((row) => row.id)).toEqual(all.map((row) => row.id));
    expect(exported.slice(0, 5).map((row) => row.details)).toEqual(['cinq', 'quatre', 'trois', 'deux', 'un']);
    expect(Object.keys(exported[0]!)).not.toContain('metadata');
  });

  it("prints the PDF's times in the viewer's time zone, named in the column's heading; UTC when none is given", () => {
    const at = new Date('2026-07-14T21:30:05Z');
    expect(pdfDateHeading('Europe/Paris')).toBe('Date (Europe/Paris)');
    expect(pdfDateCell(at, 'Europe/Paris')).toBe('14/07/2026 23:30:05');
    expect(pdfDateHeading(undefined)).toBe('Date (UTC)');
    expect(pdfDateCell(at, undefined)).toBe('14/07/2026 21:30:05');
  });

  it('refuses an unknown time zone for the export and changes nothing', async () => {
    const gina = await signIn(ctx);
    const exported = async () =>
      (await get('/api/auth/audit-logs?type=security.audit.exported', gina.token)).json().data.items.length;
    const before = await exported();
    expect(
      (await get('/api/auth/audit-logs/export/pdf?timeZone=Mars%2FOlympus', gina.token)).statusCode,
    ).toBe(400);
    expect(await exported()).toBe(before);
    expect(
      (await get('/api/auth/audit-logs/export/pdf?timeZone=Europe%2FParis', gina.token)).statusCode,
    ).toBe(200);
    expect(await exported()).toBe(before + 1);
  });

  it('exports a real PDF', async () => {
    const frank = await signIn(ctx);
    const response = await get('/api/auth/audit-logs/export/pdf', frank.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.rawPayload.subarray(-6).toString()).toContain('%%EOF');
  });
});

describe('client events, trends and search', () => {
  it('records a client event for the caller only, with a constrained type', async () => {
    const gina = await signIn(ctx);
    const post = (payload: Record<string, unknown>) =>
      inject(ctx.app, { method: 'POST', url: '/api/audit/logs', token: gina.token, payload });
    const created = await post({
      type: 'task.client.viewed',
      details: 'Vue kanban',
      metadata: { view: 'kanban' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ type: 'task.client.viewed', user: { id: gina.user.id } });
    expect((await post({ type: 'auth.login.succeeded' })).statusCode).toBe(400);
    expect((await post({ type: 'task.client.viewed', actorId: admin.id })).statusCode).toBe(400);
    expect((await post({ type: 'task.client.viewed', details: 'x'.repeat(501) })).statusCode).toBe(400);
  });

  it('records at most 30 client events a minute per session, then answers 429 with Retry-After (issue 9)', async () => {
    const { user, token } = await signIn(ctx);
    const event = (sessionToken: string) =>
      inject(ctx.app, {
        method: 'POST',
        url: '/api/audit/logs',
        token: sessionToken,
        payload: { type: 'task.client.viewed' },
      });
    const statuses = [];
    for (let i = 0; i < CLIENT_AUDIT_LIMIT.perSession; i++) statuses.push((await event(token)).statusCode);
    expect(statuses.every((status) => status === 201)).toBe(true);
    const thirtyFirst = await event(token);
    expect(thirtyFirst.statusCode).toBe(429);
    expect(thirtyFirst.json()).toMatchObject({ status: 429, code: 'rate_limited' });
    const retryAfter = Number(thirtyFirst.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The count is the session's: another session of the same person still records.
    const otherSession = (await login(ctx.app, user.email, user.password)).body.data.token!;
    expect((await event(otherSession)).statusCode).toBe(201);
  });

  it('counts entries per day and family, and searches', async () => {
    const hugo = await signIn(ctx);
    await login(ctx.app, hugo.user.email, 'wrong password');
    const trends = (await get('/api/audit/logs/trends?days=7', hugo.token)).json().data;
    expect(trends.days).toHaveLength(7);
    expect(trends.days[6]).toBe(new Date().toISOString().slice(0, 10));
    expect(trends.byFamily.auth[6]).toBeGreaterThanOrEqual(2);
    expect(trends.failures[6]).toBe(1);
    const found = (await get('/api/audit/logs/search?q=incorrect', hugo.token)).json().data.items;
    expect(found).toHaveLength(1);
    expect((await get('/api/audit/logs/search', hugo.token)).statusCode).toBe(400);
  });
});

it('needs a session for every audit route', async () => {
  for (const url of [
    '/api/auth/audit-logs',
    '/api/auth/audit-logs/export/csv',
    '/api/audit/logs/trends',
    '/api/audit/logs/1',
  ]) {
    expect((await inject(ctx.app, { method: 'GET', url })).statusCode).toBe(401);
  }
  expect(
    (
      await inject(ctx.app, {
        method: 'POST',
        url: '/api/audit/logs',
        payload: { type: 'task.client.viewed' },
      })
    ).statusCode,
  ).toBe(401);
});
