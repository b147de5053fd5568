import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, projects, tasks } from '../../db/schema.ts';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';

// Issue 32, "one click, one thing": a create carries a client-made id, so the same form sent twice (a
// double click, a resend after a lost answer) makes one row, and the second answer is that row.

let ctx: TestContext;
let alice: { token: string; user: { id: string } };
let bob: { token: string; user: { id: string } };
let projectId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signIn(ctx);
  bob = await signIn(ctx);
  projectId = (
    await post('/api/projects', alice.token, {
      name: 'Socle',
      description: '',
      deadline: '2027-01-31T00:00:00Z',
    })
  ).json().data.id;
});
afterAll(() => ctx.close());

function post(url: string, token: string, payload: Record<string, unknown>) {
  return inject(ctx.app, { method: 'POST', url, token, payload });
}
const auditRowsOf = async (resource: string) =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.resource, resource))).length;

describe('POST /api/tasks and /api/projects with a client-made id', () => {
  it('creates one task for the same id sent twice: 201, then 200 with the same task', async () => {
    const id = randomUUID();
    const body = { id, title: 'Une seule', project: projectId };
    const first = await post('/api/tasks', alice.token, body);
    const second = await post('/api/tasks', alice.token, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(first.json().data.id).toBe(id);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.title, 'Une seule'))).toHaveLength(1);
    expect(await auditRowsOf(`task:${id}`)).toBe(1);
    const project = (
      await inject(ctx.app, { method: 'GET', url: `/api/projects/${projectId}`, token: alice.token })
    ).json().data;
    expect(project.taskCount).toBe(1);
  });

  it('answers both of two sends made at the same moment with one task', async () => {
    const body = { id: randomUUID(), title: 'En même temps', project: projectId };
    const answers = await Promise.all([
      post('/api/tasks', alice.token, body),
      post('/api/tasks', alice.token, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(await ctx.db.select().from(tasks).where(eq(tasks.title, 'En même temps'))).toHaveLength(1);
  });

  it('creates one project for the same id sent twice, at once or one after the other', async () => {
    const id = randomUUID();
    const body = { id, name: 'Projet unique', description: 'x', deadline: '2027-02-01T00:00:00Z' };
    const together = await Promise.all([
      post('/api/projects', alice.token, body),
      post('/api/projects', alice.token, body),
    ]);
    const again = await post('/api/projects', alice.token, body);
    expect(together.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id, name: 'Projet unique', version: 0 });
    expect(await ctx.db.select().from(projects).where(eq(projects.name, 'Projet unique'))).toHaveLength(1);
    expect(await auditRowsOf(`project:${id}`)).toBe(1);
  });

  it('refuses another person’s id with 409 id_taken and changes nothing', async () => {
    const id = randomUUID();
    await post('/api/tasks', alice.token, { id, title: 'À Alice', project: projectId });
    const stolen = await post('/api/tasks', bob.token, { id, title: 'À Bob', project: projectId });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('id_taken');
    const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row).toMatchObject({ title: 'À Alice', createdBy: alice.user.id });
    const project = await post('/api/projects', bob.token, {
      id: projectId,
      name: 'Pris',
      description: '',
      deadline: '2027-01-31T00:00:00Z',
    });
    expect(project.statusCode).toBe(409);
  });

  it('refuses the id of a deleted task rather than bringing it back', async () => {
    const id = randomUUID();
    await post('/api/tasks', alice.token, { id, title: 'Supprimée', project: projectId });
    expect(
      (await inject(ctx.app, { method: 'DELETE', url: `/api/tasks/${id}`, token: alice.token })).statusCode,
    ).toBe(200);
    const again = await post('/api/tasks', alice.token, { id, title: 'Supprimée', project: projectId });
    expect(again.statusCode).toBe(409);
  });
});
