import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';
import { Device, real, tmp } from '../../test/sync/sync-test-kit.ts';

let ctx: TestContext;
let alice: { token: string; user: { id: string } };
let projectId: string;
let otherProjectId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signIn(ctx);
  const project = async (name: string) =>
    (
      await call('POST', '/api/projects', {
        name,
        description: 'Salon',
        deadline: '2027-01-31T23:59:59.999Z',
      })
    ).json().data.id as string;
  projectId = await project('Stand');
  otherProjectId = await project('Catalogue');
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return inject(ctx.app, { method, url, token: alice.token, payload });
}
type Task = { id: string; project: string; parent: string | null; version: number; deletedAt: string | null };
const task = async (fields: Record<string, unknown> = {}) => {
  const response = await call('POST', '/api/tasks', { title: 'Étape', project: projectId, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Task;
};
const taskCount = async (id: string) =>
  ((await call('GET', `/api/projects/${id}`)).json().data as { taskCount: number }).taskCount;
const children = async (parent: string) =>
  ((await call('GET', `/api/tasks?parent=${parent}`)).json().data as Task[]).map((item) => item.id).sort();
const refusal = (response: { statusCode: number; json(): { errors?: Array<{ path: string }> } }) => [
  response.statusCode,
  response.json().errors?.[0]?.path,
];

describe('sub-tasks', () => {
  it('makes a task a sub-task of another of its project, and lists them with ?parent=', async () => {
    const parent = await task({ title: 'Monter le stand' });
    const steps = [await task({ parent: parent.id }), await task({ parent: parent.id })];
    await task();
    expect(steps[0]).toMatchObject({ parent: parent.id });
    expect(parent.parent).toBeNull();
    expect(await children(parent.id)).toEqual(steps.map((step) => step.id).sort());
  });

  it('refuses a second level, another project, itself or an unknown task with 400 naming parent', async () => {
    const parent = await task();
    const child = await task({ parent: parent.id });
    expect(
      refusal(await call('POST', '/api/tasks', { title: 'x', project: projectId, parent: child.id })),
    ).toEqual([400, 'parent']);
    expect(
      refusal(await call('POST', '/api/tasks', { title: 'x', project: otherProjectId, parent: parent.id })),
    ).toEqual([400, 'parent']);
    expect(
      refusal(await call('POST', '/api/tasks', { title: 'x', project: projectId, parent: randomUUID() })),
    ).toEqual([400, 'parent']);
    expect(refusal(await call('PATCH', `/api/tasks/${parent.id}`, { parent: parent.id }))).toEqual([
      400,
      'parent',
    ]);
    // A task that has sub-tasks cannot become one.
    const other = await task();
    expect(refusal(await call('PATCH', `/api/tasks/${parent.id}`, { parent: other.id }))).toEqual([
      400,
      'parent',
    ]);
    // A sub-task does not leave its parent's project on its own, but may once it has no parent.
    expect(refusal(await call('PATCH', `/api/tasks/${child.id}`, { project: otherProjectId }))).toEqual([
      400,
      'parent',
    ]);
    const freed = await call('PATCH', `/api/tasks/${child.id}`, { project: otherProjectId, parent: null });
    expect(freed.json().data).toMatchObject({ project: otherProjectId, parent: null });
  });

  it('moves a parent’s sub-tasks with it to another project, counts included', async () => {
    const parent = await task();
    const steps = [await task({ parent: parent.id }), await task({ parent: parent.id })];
    const [before, otherBefore] = [await taskCount(projectId), await taskCount(otherProjectId)];
    const moved = await call('PATCH', `/api/tasks/${parent.id}`, { project: otherProjectId });
    expect(moved.statusCode).toBe(200);
    for (const step of steps)
      expect((await call('GET', `/api/tasks/${step.id}`)).json().data).toMatchObject({
        project: otherProjectId,
        parent: parent.id,
        version: 1,
      });
    expect([await taskCount(projectId), await taskCount(otherProjectId)]).toEqual([
      before - 3,
      otherBefore + 3,
    ]);
  });

  it('deletes a parent’s sub-tasks with it, in the same change', async () => {
    const parent = await task();
    const steps = [
      await task({ parent: parent.id }),
      await task({ parent: parent.id }),
      await task({ parent: parent.id }),
    ];
    const before = await taskCount(projectId);
    const cursor = (await call('GET', '/api/tasks?limit=1')).json().cursor as string;
    expect((await call('DELETE', `/api/tasks/${parent.id}`)).statusCode).toBe(200);
    for (const step of steps) expect((await call('GET', `/api/tasks/${step.id}`)).statusCode).toBe(404);
    expect(await taskCount(projectId)).toBe(before - 4);
    const tombstones = (await call('GET', `/api/tasks?since=${encodeURIComponent(cursor)}`)).json()
      .data as Task[];
    expect(tombstones.map((item) => item.id).sort()).toEqual(
      [parent.id, ...steps.map((step) => step.id)].sort(),
    );
    expect(tombstones.every((item) => item.deletedAt !== null)).toBe(true);
  });

  it('keeps a sub-task’s position as written, null when none is given, and refuses one out of range', async () => {
    const parent = await task();
    const first = await task({ parent: parent.id, position: 0 });
    const unplaced = await task({ parent: parent.id });
    expect([first, unplaced].map((step) => (step as Task & { position: number | null }).position)).toEqual([
      0,
      null,
    ]);
    // Reordering is a patch of each moved sub-task's position, read back by ?parent=.
    expect((await call('PATCH', `/api/tasks/${unplaced.id}`, { position: 0 })).statusCode).toBe(200);
    expect((await call('PATCH', `/api/tasks/${first.id}`, { position: 1 })).statusCode).toBe(200);
    const listed = (await call('GET', `/api/tasks?parent=${parent.id}`)).json().data as Array<
      Task & { position: number | null }
    >;
    expect(Object.fromEntries(listed.map((step) => [step.id, step.position]))).toEqual({
      [first.id]: 1,
      [unplaced.id]: 0,
    });
    expect(refusal(await call('PATCH', `/api/tasks/${first.id}`, { position: -1 }))[0]).toBe(400);
  });

  it('takes a parent and its sub-task made offline (both tmp-) in order, once', async () => {
    const device = new Device(ctx, alice);
    const parent = tmp();
    const child = tmp();
    const operations = [
      { op: 'upsert' as const, id: parent, data: { title: 'Préparer le salon', project: projectId } },
      { op: 'upsert' as const, id: child, data: { title: 'Réserver', project: projectId, parent } },
    ];
    const answer = await device.ok(operations);
    expect(answer.conflicts).toEqual([]);
    expect(answer.applied.map((applied) => applied.id)).toEqual([real(parent), real(child)]);
    // The lost answer's resend applies nothing twice.
    const again = await device.ok(operations, { seqFrom: 1 });
    expect(again.conflicts).toEqual([]);
    expect(await children(real(parent))).toEqual([real(child)]);
  });

  it('holds a sub-task whose parent’s create conflicted (depends_on_conflict)', async () => {
    const device = new Device(ctx, alice);
    const parent = tmp();
    const answer = await device.ok([
      { op: 'upsert', id: parent, data: { title: '', project: projectId } },
      { op: 'upsert', id: tmp(), data: { title: 'Sous-tâche', project: projectId, parent } },
    ]);
    expect(answer.conflicts).toMatchObject([
      { seq: 1, reason: 'invalid' },
      { seq: 2, reason: 'depends_on_conflict', cause: 1 },
    ]);
  });
});
