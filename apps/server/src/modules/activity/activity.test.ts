import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@jalon/contract';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';

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
const activity = async (token: string, query = '') => {
  const response = await call('GET', `/api/activity${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: ActivityEntry[]; nextCursor: string | null };
};

describe('GET /api/activity', () => {
  it("shows every member the team's project and task entries, newest first, linked to what they name", async () => {
    const alice = await signIn(ctx, { username: 'Alice' });
    const bruno = await signIn(ctx, { username: 'Bruno' });
    const project = await createProject(alice.token, 'Échéance proche');
    const task = await createTask(alice.token, project.id, 'Rédiger le plan');
    const { items } = await activity(bruno.token, `?projectId=${project.id}`);
    expect(items.map((item) => item.type)).toEqual(['task.created', 'project.created']);
    expect(items[0]).toMatchObject({
      actor: { id: alice.user.id, name: 'Alice' },
      target: { kind: 'task', id: task.id, projectId: project.id },
    });
    expect(items[1]).toMatchObject({
      target: { kind: 'project', id: project.id, projectId: project.id },
      details: 'Projet créé : Échéance proche',
    });
    // Narrower than the journal: nothing about devices or addresses of other members.
    expect(Object.keys(items[0]!).sort()).toEqual(['actor', 'createdAt', 'details', 'id', 'target', 'type']);
  });

  it('never shows security or sign-in events, nor client-recorded ones', async () => {
    const carla = await signIn(ctx, { username: 'Carla' });
    await call('POST', '/api/audit/logs', carla.token, { type: 'project.client.opened', details: 'ouvert' });
    await createProject(carla.token, 'Projet de Carla');
    const viewer = await signIn(ctx);
    const { items } = await activity(viewer.token, `?actorId=${carla.user.id}`);
    expect(items.map((item) => item.type)).toEqual(['project.created']);
    const all = await activity(viewer.token, '?limit=100');
    expect(all.items.every((item) => /^(project|task)\.(created|updated|deleted)$/.test(item.type))).toBe(
      true,
    );
  });

  it('filters by person and by project (including its tasks edited and deleted), and pages by cursor', async () => {
    const dora = await signIn(ctx, { username: 'Dora' });
    const emile = await signIn(ctx, { username: 'Émile' });
    const project = await createProject(dora.token, 'Filtré');
    const elsewhere = await createProject(emile.token, 'Ailleurs');
    const task = await createTask(emile.token, project.id, 'Tâche à modifier');
    await createTask(emile.token, elsewhere.id, 'Autre tâche');
    const patched = await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}`,
      token: emile.token,
      payload: { title: 'Modifiée' },
      headers: { 'x-entity-version': String(task.version) },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await call('DELETE', `/api/tasks/${task.id}`, emile.token)).statusCode).toBeLessThan(300);

    const byProject = await activity(dora.token, `?projectId=${project.id}`);
    expect(byProject.items.map((item) => item.type)).toEqual([
      'task.deleted',
      'task.updated',
      'task.created',
      'project.created',
    ]);
    const byPersonAndProject = await activity(dora.token, `?projectId=${project.id}&actorId=${dora.user.id}`);
    expect(byPersonAndProject.items.map((item) => item.type)).toEqual(['project.created']);

    const first = await activity(dora.token, `?projectId=${project.id}&limit=3`);
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toBe(first.items[2]!.id);
    const second = await activity(dora.token, `?projectId=${project.id}&limit=3&before=${first.nextCursor}`);
    expect(second.items.map((item) => item.type)).toEqual(['project.created']);
    expect(second.nextCursor).toBeNull();

    const people = (await call('GET', '/api/activity/people', dora.token)).json().data as Array<{
      id: string;
      name: string;
    }>;
    expect(people).toEqual(
      expect.arrayContaining([
        { id: dora.user.id, name: 'Dora' },
        { id: emile.user.id, name: 'Émile' },
      ]),
    );
  });

  it('answers 401 to an anonymous caller and 400 to a bad filter', async () => {
    expect((await call('GET', '/api/activity', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/api/activity/people', undefined)).statusCode).toBe(401);
    const { token } = await signIn(ctx);
    for (const query of [
      '?projectId=abc',
      '?actorId=1',
      '?limit=0',
      '?limit=101',
      '?before=-1',
      '?type=auth',
    ]) {
      expect((await call('GET', `/api/activity${query}`, token)).statusCode, query).toBe(400);
    }
  });
});
