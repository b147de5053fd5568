import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskActivityPage } from '@jalon/contract';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';
import { Device } from '../../test/sync/sync-test-kit.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DEADLINE = '2027-03-31T23:59:59.999Z';
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: Record<string, unknown>,
) => inject(ctx.app, { method, url, token, payload });
const createProject = async (token: string, name: string) =>
  (
    await call('POST', '/api/projects', token, { name, description: 'Description', deadline: DEADLINE })
  ).json().data as { id: string };
const createTask = async (token: string, project: string, title: string) =>
  (await call('POST', '/api/tasks', token, { title, project })).json().data as {
    id: string;
    version: number;
  };
const patchTask = async (token: string, id: string, payload: Record<string, unknown>) => {
  const response = await call('PATCH', `/api/tasks/${id}`, token, payload);
  expect(response.statusCode, response.body).toBe(200);
};
const history = async (token: string, id: string, query = '') => {
  const response = await call('GET', `/api/tasks/${id}/activity${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TaskActivityPage;
};

describe('GET /api/tasks/{id}/activity', () => {
  it('tells any member who created the task and who changed which field from what to what, newest first', async () => {
    const alice = await signIn(ctx, { username: 'Alice' });
    const bruno = await signIn(ctx, { username: 'Bruno' });
    const project = await createProject(alice.token, 'Historique');
    const elsewhere = await createProject(alice.token, 'Ailleurs');
    const task = await createTask(alice.token, project.id, 'Rédiger le plan');
    await patchTask(bruno.token, task.id, { status: 'done', priority: 'high', assignee: alice.user.id });
    await patchTask(alice.token, task.id, {
      project: elsewhere.id,
      estimatedMinutes: 90,
      deadline: DEADLINE,
    });

    const { items, next } = await history(bruno.token, task.id);
    expect(next).toBeNull();
    expect(items.map((item) => item.kind)).toEqual(['updated', 'updated', 'created']);
    expect(items[2]).toMatchObject({ actor: { id: alice.user.id, username: 'Alice' }, changes: [] });
    expect(items[1]!.actor).toEqual({ id: bruno.user.id, username: 'Bruno' });
    // The API's field names, and no column the server derives (the completion time follows the status).
    expect(items[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'todo', to: 'done' },
        { field: 'priority', from: 'medium', to: 'high' },
        { field: 'assignee', from: null, to: alice.user.id },
      ]),
    );
    expect(items[1]!.changes).toHaveLength(3);
    expect(items[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'project', from: project.id, to: elsewhere.id },
        { field: 'estimatedMinutes', from: null, to: 90 },
        { field: 'deadline', from: null, to: DEADLINE },
      ]),
    );
    expect(Date.parse(items[0]!.at)).toBeGreaterThanOrEqual(Date.parse(items[2]!.at));
  });

  it('shows a change sent by the offline outbox like one made online', async () => {
    const carla = await signIn(ctx, { username: 'Carla' });
    const project = await createProject(carla.token, 'Hors ligne');
    const task = await createTask(carla.token, project.id, 'Relire');
    await new Device(ctx, carla).ok([
      { id: task.id, version: task.version, data: { title: 'Relire la spec' }, base: { title: 'Relire' } },
    ]);
    const { items } = await history(carla.token, task.id);
    expect(items[0]).toMatchObject({
      kind: 'updated',
      actor: { id: carla.user.id },
      changes: [{ field: 'title', from: 'Relire', to: 'Relire la spec' }],
    });
  });

  it('pages with before and next, and keeps to its limits', async () => {
    const dora = await signIn(ctx, { username: 'Dora' });
    const project = await createProject(dora.token, 'Pages');
    const task = await createTask(dora.token, project.id, 'v0');
    for (const title of ['v1', 'v2', 'v3', 'v4']) await patchTask(dora.token, task.id, { title });

    const first = await history(dora.token, task.id, '?limit=2');
    expect(first.items.map((item) => item.changes[0]?.to)).toEqual(['v4', 'v3']);
    expect(first.next).toBe(first.items[1]!.id);
    const second = await history(dora.token, task.id, `?limit=2&before=${first.next}`);
    expect(second.items.map((item) => item.changes[0]?.to)).toEqual(['v2', 'v1']);
    const last = await history(dora.token, task.id, `?limit=2&before=${second.next}`);
    expect(last.items.map((item) => item.kind)).toEqual(['created']);
    expect(last.next).toBeNull();
    // Another task's entries never leak into this one's pages.
    expect((await history(dora.token, task.id, '?limit=100')).items).toHaveLength(5);

    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=0', '?before=-3', '?after=1']) {
      expect(
        (await call('GET', `/api/tasks/${task.id}/activity${query}`, dora.token)).statusCode,
        query,
      ).toBe(400);
    }
  });

  it('answers 404 where reading the task would: unknown or deleted; 400 for a malformed id; 401 signed out', async () => {
    const emile = await signIn(ctx, { username: 'Émile' });
    const other = await signIn(ctx, { username: 'Fanny' });
    const project = await createProject(emile.token, 'Supprimée');
    const task = await createTask(emile.token, project.id, 'À supprimer');
    expect((await call('DELETE', `/api/tasks/${task.id}`, emile.token)).statusCode).toBeLessThan(300);
    for (const token of [emile.token, other.token]) {
      expect((await call('GET', `/api/tasks/${task.id}`, token)).statusCode).toBe(404);
      expect((await call('GET', `/api/tasks/${task.id}/activity`, token)).statusCode).toBe(404);
    }
    expect(
      (await call('GET', '/api/tasks/6f1c1e4e-0000-4000-8000-000000000000/activity', other.token)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/tasks/not-an-id/activity', other.token)).statusCode).toBe(400);
    expect((await call('GET', `/api/tasks/${task.id}/activity`, undefined)).statusCode).toBe(401);
  });
});
