import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let token: string;
const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  as = token,
) => inject(ctx.app, { method, url, token: as, payload });
const project = async (name: string, deadlineDays: number, status = 'active') =>
  (
    await call('POST', '/api/projects', {
      name,
      description: `${name} – description`,
      deadline: iso(deadlineDays),
      status,
    })
  ).json().data;
const task = async (projectId: string, fields: Record<string, unknown>) =>
  (await call('POST', '/api/tasks', { title: 'Tâche', project: projectId, ...fields })).json().data;

let alpha: { id: string };
let beta: { id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await signIn(ctx)).token;
  // A known data set: the expected figures below are counted by hand from it.
  alpha = await project('Alpha', 10);
  beta = await project('Beta', 3, 'on_hold');
  await project('Gamma', -2, 'completed');
  await project('Delta', 30, 'cancelled');
  await task(alpha.id, { title: 'A1', status: 'done', priority: 'high', deadline: iso(-1) });
  await task(alpha.id, {
    title: 'A2',
    status: 'in_progress',
    priority: 'high',
    deadline: iso(-2),
    progress: 40,
  });
  await task(alpha.id, { title: 'A3', status: 'todo', priority: 'low', deadline: iso(1) });
  await task(beta.id, {
    title: 'B1',
    status: 'in_review',
    priority: 'medium',
    deadline: iso(2),
    progress: 80,
  });
  await task(beta.id, { title: 'B2', status: 'todo', priority: 'high' });
});
afterAll(() => ctx.close());

describe('GET /api/dashboard', () => {
  it('computes the counters and breakdowns of the known data set', async () => {
    const home = (await call('GET', '/api/dashboard')).json().data;
    expect(home.counters).toEqual({
      projects: 4,
      projectsCompleted: 1,
      activeTasks: 4,
      totalTasks: 5,
      highPriority: 2,
      overdue: 1,
    });
    expect(home.projectsByStatus).toEqual({ active: 1, on_hold: 1, completed: 1, cancelled: 1 });
    expect(home.tasksByStatus).toEqual({ todo: 2, in_progress: 1, in_review: 1, done: 1 });
    expect(home.tasksByPriority).toEqual({ high: 3, medium: 1, low: 1 });
  });

  it('orders project cards by progress and filters them by the status chip', async () => {
    const home = (await call('GET', '/api/dashboard')).json().data;
    expect(home.projects.map((p: { name: string; progress: number }) => [p.name, p.progress])).toEqual([
      ['Alpha', 47],
      ['Beta', 40],
      ['Delta', 0],
      ['Gamma', 0],
    ]);
    const onHold = (await call('GET', '/api/dashboard?status=on_hold')).json().data;
    expect(onHold.projects.map((p: { name: string }) => p.name)).toEqual(['Beta']);
  });

  it('lists upcoming deadlines earliest first, never in the past, without done tasks or closed projects', async () => {
    const home = (await call('GET', '/api/dashboard')).json().data;
    expect(
      home.upcoming.map((item: { kind: string; title: string }) => `${item.kind}:${item.title}`),
    ).toEqual(['task:A3', 'task:B1', 'project:Beta', 'project:Alpha']);
  });

  it('shows the 10 latest tasks, or 15 within a focused project', async () => {
    const focus = await project('Focus', 20);
    for (let i = 0; i < 16; i++) await task(focus.id, { title: `F${i}` });
    const all = (await call('GET', '/api/dashboard')).json().data;
    expect(all.recentTasks).toHaveLength(10);
    expect(all.recentTasks[0].title).toBe('F15');
    const focused = (await call('GET', `/api/dashboard?projectId=${focus.id}`)).json().data;
    expect(focused.recentTasks).toHaveLength(15);
    expect(focused.counters).toMatchObject({ projects: 1, totalTasks: 16, activeTasks: 16, overdue: 0 });
  });

  it('keeps the counters right through updates, moves and deletions', async () => {
    const p = await project('Compteurs', 5);
    const t = await task(p.id, { status: 'todo', priority: 'low' });
    await call('PATCH', `/api/tasks/${t.id}`, { status: 'done', priority: 'high' });
    let scoped = (await call('GET', `/api/dashboard?projectId=${p.id}`)).json().data;
    expect(scoped.tasksByStatus).toMatchObject({ todo: 0, done: 1 });
    expect(scoped.tasksByPriority).toMatchObject({ low: 0, high: 1 });
    await call('PATCH', `/api/tasks/${t.id}`, { project: alpha.id });
    scoped = (await call('GET', `/api/dashboard?projectId=${p.id}`)).json().data;
    expect(scoped.counters.totalTasks).toBe(0);
    await call('DELETE', `/api/tasks/${t.id}`);
    const alphaNow = (await call('GET', `/api/dashboard?projectId=${alpha.id}`)).json().data;
    expect(alphaNow.counters.totalTasks).toBe(3);
  });

  it('validates its query', async () => {
    expect((await call('GET', '/api/dashboard?status=late')).statusCode).toBe(400);
    expect((await call('GET', '/api/dashboard?projectId=x')).statusCode).toBe(400);
  });
});

describe('GET /api/analytics/trends', () => {
  it('gives one number per day, oldest first, for 7, 14 or 30 days', async () => {
    for (const days of [7, 14, 30]) {
      const trends = (await call('GET', `/api/analytics/trends?days=${days}`)).json().data;
      expect(trends.days).toHaveLength(days);
      for (const series of ['created', 'completed', 'inReview', 'overdue', 'reopened'])
        expect(trends[series]).toHaveLength(days);
      expect(trends.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    }
    expect((await call('GET', '/api/analytics/trends?days=9')).statusCode).toBe(400);
  });

  it('counts creations, completions, reviews, reopenings and new overdue tasks from the history', async () => {
    const p = await project('Historique', 9);
    await task(p.id, { title: 'H1', deadline: iso(-1) });
    const t2 = await task(p.id, { title: 'H2' });
    await call('PATCH', `/api/tasks/${t2.id}`, { status: 'in_review' });
    await call('PATCH', `/api/tasks/${t2.id}`, { status: 'done' });
    await call('PATCH', `/api/tasks/${t2.id}`, { status: 'in_progress' });
    const trends = (await call('GET', `/api/analytics/trends?days=7&projectId=${p.id}`)).json().data;
    expect(trends.created[6]).toBe(2);
    expect(trends.inReview[6]).toBe(1);
    expect(trends.completed[6]).toBe(1);
    expect(trends.reopened[6]).toBe(1);
    const yesterday = trends.days.indexOf(new Date(Date.now() - DAY).toISOString().slice(0, 10));
    expect(trends.overdue[yesterday]).toBe(1);
  });
});

describe('preferences', () => {
  it('reads and stores them under /api/preferences, and they follow the person to a new session', async () => {
    const member = await signIn(ctx);
    const initial = (await call('GET', '/api/preferences', undefined, member.token)).json().data;
    expect(initial).toMatchObject({
      theme: 'default',
      animationIntensity: 70,
      ambientVolume: 70,
      focusMode: 'off',
    });
    const saved = await call(
      'PUT',
      '/api/preferences',
      { theme: 'rose', focusMode: 'mono', ambientVolume: -5 },
      member.token,
    );
    expect(saved.json().data).toMatchObject({ theme: 'rose', focusMode: 'mono', ambientVolume: 0 });
    expect((await call('GET', '/api/preferences', undefined, member.token)).json().data.theme).toBe('rose');
    const me = (await call('GET', '/api/auth/me', undefined, member.token)).json().data;
    expect(me.preferences.theme).toBe('rose');
  });
});
