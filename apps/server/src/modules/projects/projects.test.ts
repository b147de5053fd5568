import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestContext, inject, signIn, signInAdmin, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: { token: string; user: { id: string } };
let other: { token: string; user: { id: string } };
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signIn(ctx);
  other = await signIn(ctx);
});
afterAll(() => ctx.close());

const DEADLINE = '2027-03-31T23:59:59.999Z';
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) => inject(ctx.app, { method, url, token, payload, headers });
const newProject = async (token = owner.token, fields: Record<string, unknown> = {}) => {
  const response = await call('POST', '/api/projects', token, {
    name: 'Refonte du site',
    description: 'Nouvelle charte',
    deadline: DEADLINE,
    ...fields,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data;
};
const newTask = async (project: string, fields: Record<string, unknown> = {}, token = owner.token) => {
  const response = await call('POST', '/api/tasks', token, { title: 'Maquettes', project, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
};

describe('projects API', () => {
  it('creates a project owned by the caller, version 0, and lists it with counts', async () => {
    const project = await newProject();
    expect(project).toMatchObject({
      name: 'Refonte du site',
      status: 'active',
      version: 0,
      taskCount: 0,
      progress: 0,
      ownerId: owner.user.id,
      deadline: DEADLINE,
    });
    expect(project.permissions).toEqual({ canDelete: true });
    const list = (await call('GET', '/api/projects', other.token)).json();
    const seen = list.data.find((item: { id: string }) => item.id === project.id);
    expect(seen.permissions.canDelete).toBe(false);
    expect(typeof list.cursor).toBe('string');
  });

  it('validates every field and refuses server-owned ones', async () => {
    const bad = [
      { description: 'x', deadline: DEADLINE },
      { name: '   ', description: 'x', deadline: DEADLINE },
      { name: 'n'.repeat(201), description: 'x', deadline: DEADLINE },
      { name: 'ok', description: 'd'.repeat(5001), deadline: DEADLINE },
      { name: 'ok', description: 'x' },
      { name: 'ok', description: 'x', deadline: 'demain' },
      { name: 'ok', description: 'x', deadline: DEADLINE, status: 'paused' },
      { name: 'ok', description: 'x', deadline: DEADLINE, version: 4 },
      { name: 'ok', description: 'x', deadline: DEADLINE, ownerId: other.user.id },
    ];
    for (const payload of bad) {
      const response = await call('POST', '/api/projects', owner.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('changes the status with PUT, bumping the version, and refuses a stale version with 409', async () => {
    const project = await newProject();
    const updated = await call(
      'PUT',
      `/api/projects/${project.id}`,
      owner.token,
      { status: 'on_hold' },
      { 'x-entity-version': '0' },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ status: 'on_hold', version: 1 });
    const stale = await call(
      'PUT',
      `/api/projects/${project.id}`,
      other.token,
      { status: 'cancelled' },
      { 'x-entity-version': '0' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'version_conflict',
      reason: 'version_mismatch',
      serverVersion: 1,
      clientVersion: 0,
      client: { status: 'cancelled' },
    });
    expect(stale.json().server).toMatchObject({ id: project.id, status: 'on_hold' });
    expect((await call('GET', `/api/projects/${project.id}`, owner.token)).json().data.status).toBe(
      'on_hold',
    );
    expect(
      (
        await call(
          'PUT',
          `/api/projects/${project.id}`,
          owner.token,
          { status: 'completed' },
          { 'x-entity-version': 'one' },
        )
      ).statusCode,
    ).toBe(400);
    expect((await call('PUT', `/api/projects/${project.id}`, owner.token, {})).statusCode).toBe(400);
  });

  it('lets only the owner or an administrator delete; the tasks go with the project', async () => {
    const project = await newProject();
    const task = await newTask(project.id);
    const refused = await call('DELETE', `/api/projects/${project.id}`, other.token);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', `/api/projects/${project.id}`, other.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/projects/${project.id}`, owner.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/projects/${project.id}`, owner.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/tasks/${task.id}`, owner.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/projects/${project.id}`, owner.token)).statusCode).toBe(404);
    const admin = await signInAdmin(ctx);
    const another = await newProject(other.token);
    expect((await call('DELETE', `/api/projects/${another.id}`, admin.token)).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = '7d3f6a52-0d6e-4a8a-9b1e-3c4d5e6f7a8b';
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        method,
        `/api/projects/${unknown}`,
        owner.token,
        method === 'PUT' ? { status: 'active' } : undefined,
      );
      expect(response.statusCode, method).toBe(404);
    }
    expect((await call('GET', '/api/projects/not-an-id', owner.token)).statusCode).toBe(400);
  });

  it('keeps task count and progress exact as tasks are created, changed, moved and deleted', async () => {
    const a = await newProject();
    const b = await newProject();
    const t1 = await newTask(a.id, { status: 'done' });
    await newTask(a.id, { progress: 50 });
    const t3 = await newTask(a.id);
    let project = (await call('GET', `/api/projects/${a.id}`, owner.token)).json().data;
    expect(project).toMatchObject({ taskCount: 3, progress: 50 });
    await call('PATCH', `/api/tasks/${t3.id}`, owner.token, { status: 'done' });
    project = (await call('GET', `/api/projects/${a.id}`, owner.token)).json().data;
    expect(project.progress).toBe(83);
    await call('PATCH', `/api/tasks/${t1.id}`, owner.token, { project: b.id });
    expect((await call('GET', `/api/projects/${a.id}`, owner.token)).json().data).toMatchObject({
      taskCount: 2,
      progress: 75,
    });
    expect((await call('GET', `/api/projects/${b.id}`, owner.token)).json().data).toMatchObject({
      taskCount: 1,
      progress: 100,
    });
    await call('DELETE', `/api/tasks/${t3.id}`, owner.token);
    expect((await call('GET', `/api/projects/${a.id}`, owner.token)).json().data).toMatchObject({
      taskCount: 1,
      progress: 50,
    });
  });

  it('audits every create, update and delete with the actor', async () => {
    const project = await newProject();
    await call('PUT', `/api/projects/${project.id}`, owner.token, { name: 'Renommé' });
    await call('DELETE', `/api/projects/${project.id}`, owner.token);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, `project:${project.id}`));
    expect(rows.map((row) => row.type)).toEqual(['project.created', 'project.updated', 'project.deleted']);
    expect(rows.every((row) => row.actorId === owner.user.id)).toBe(true);
    expect(rows[1]!.metadata).toEqual({ changes: { name: ['Refonte du site', 'Renommé'] } });
  });
});
