import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, inject, login, makeUser, signIn, type TestContext } from '../../test/test-app.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { Device } from '../../test/sync/sync-test-kit.ts';

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof signIn>>;
let marie: Awaited<ReturnType<typeof signIn>>;
let paul: Awaited<ReturnType<typeof signIn>>;
let start: string;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signIn(ctx, { username: 'Alice' });
  marie = await signIn(ctx, { username: 'Marie' });
  paul = await signIn(ctx, { username: 'Paul' });
  start = new Date(Date.now() - 1_000).toISOString();
});
afterAll(() => ctx.close());

const write = (
  who: { token: string },
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => inject(ctx.app, { method, url, token: who.token, payload });
const digest = (query: string, token: string | null = alice.token, headers: Record<string, string> = {}) =>
  inject(ctx.app, { method: 'GET', url: `/api/events/digest${query}`, token: token ?? undefined, headers });
const newProject = async (who: { token: string }, name: string) =>
  (
    await write(who, 'POST', '/api/projects', { name, description: '', deadline: '2027-06-30T12:00:00Z' })
  ).json().data as { id: string };
const newTask = async (who: { token: string }, project: string, title: string) =>
  (await write(who, 'POST', '/api/tasks', { title, project })).json().data as { id: string };

describe('GET /api/events/digest: what the others changed', () => {
  it('lists who changed how many tasks in which projects, the reader’s own changes left out', async () => {
    const alpha = await newProject(marie, 'Alpha');
    const beta = await newProject(alice, 'Beta');
    const first = await newTask(marie, alpha.id, 'Maquette');
    await newTask(marie, beta.id, 'Relecture');
    // The same task changed twice counts once; an update's audit row names no project: the task's is used.
    await write(marie, 'PATCH', `/api/tasks/${first.id}`, { status: 'in_progress' });
    await write(marie, 'PATCH', `/api/tasks/${first.id}`, { progress: 40 });
    await newTask(alice, beta.id, 'La mienne');
    // A change made offline and sent in a sync batch counts like any other.
    const device = new Device(ctx, paul);
    const sent = await device.send([
      { entity: 'task', op: 'patch', id: first.id, version: 2, data: { title: 'Maquette v2' } },
    ]);
    expect(sent.statusCode).toBe(200);

    const response = await digest(`?since=${encodeURIComponent(start)}`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.since).toBe(start);
    expect(data.truncated).toBe(false);
    expect(data.people).toEqual([
      {
        userId: marie.user.id,
        name: 'Marie',
        tasks: 2,
        projects: expect.arrayContaining([
          { id: alpha.id, name: 'Alpha' },
          { id: beta.id, name: 'Beta' },
        ]),
        moreProjects: 0,
      },
      {
        userId: paul.user.id,
        name: 'Paul',
        tasks: 1,
        projects: [{ id: alpha.id, name: 'Alpha' }],
        moreProjects: 0,
      },
    ]);
    expect(data.people[0].projects).toHaveLength(2);

    // Marie reads the same window: Alice's project and task, and Paul's change; never her own.
    const hers = (await digest(`?since=${encodeURIComponent(start)}`, marie.token)).json().data.people;
    expect(hers.map((person: { name: string }) => person.name).sort()).toEqual(['Alice', 'Paul']);
    expect(hers.find((person: { name: string }) => person.name === 'Alice')).toMatchObject({
      tasks: 1,
      projects: [{ id: beta.id, name: 'Beta' }],
    });
  });

  it('is empty after the last change, and reads at most 30 days back', async () => {
    const now = new Date(Date.now() + 1_000).toISOString();
    expect((await digest(`?since=${encodeURIComponent(now)}`)).json().data.people).toEqual([]);
    const old = await digest('?since=2020-01-01T00:00:00Z');
    expect(old.statusCode).toBe(200);
    const since = Date.parse(old.json().data.since);
    expect(Math.abs(since - (Date.now() - 30 * 86_400_000))).toBeLessThan(60_000);
  });

  it('ignores failed attempts and sign-ins in the audit log', async () => {
    const before = new Date().toISOString();
    await write(marie, 'PATCH', '/api/tasks/00000000-0000-4000-8000-000000000000', { title: 'Absente' });
    await login(ctx.app, marie.user.email, 'wrong password');
    expect((await digest(`?since=${encodeURIComponent(before)}`)).json().data.people).toEqual([]);
  });
});

describe('GET /api/events/digest: refusals', () => {
  it('refuses a missing token, the session cookie alone (S27) and a pending 2FA login', async () => {
    const query = `?since=${encodeURIComponent(start)}`;
    expect((await digest(query, null)).statusCode).toBe(401);
    const cookie = { cookie: `${sessionCookieName(ctx.config)}=${alice.token}` };
    expect((await digest(query, null, cookie)).statusCode).toBe(401);
    const enrolled = await makeUser(ctx.db, { twoFactorEnabled: true });
    const pending = await login(ctx.app, enrolled.email, enrolled.password);
    const refused = await digest(query, pending.body.data.tempToken!);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('two_factor_required');
  });

  it('answers 400 for a missing, malformed or out-of-range time and for unknown parameters, writing nothing', async () => {
    const rowsBefore = (await ctx.db.select().from(auditLog)).length;
    for (const query of [
      '',
      '?since=hier',
      '?since=2026-13-01T00:00:00Z',
      '?since=0001-01-01T00:00:00Z',
      `?since=${encodeURIComponent(start)}&actor=${marie.user.id}`,
    ]) {
      const response = await digest(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    }
    expect((await ctx.db.select().from(auditLog)).length).toBe(rowsBefore);
  });
});
