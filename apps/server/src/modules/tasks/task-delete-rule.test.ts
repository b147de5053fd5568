import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, inject } from '../../test/test-app.ts';
import { Device, openSyncBed, type SyncBed } from '../../test/sync/sync-test-kit.ts';

// Issue 31: "not your task" was bypassed by first moving the task into one's own project, whose owner may
// delete what it holds. A task is deleted by its creator, the owner of its project or an administrator, and
// only those may move it to another project: taking it out of a project is taking it from that project's
// owner. Held on REST, in a sync batch, and across both.

let ctx: SyncBed['ctx'];
let alice: SyncBed['alice'];
let mallory: SyncBed['bob'];
let aliceProject: string;
let malloryProject: string;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) => inject(ctx.app, { method, url, token, payload });

beforeAll(async () => {
  ({ ctx, alice, bob: mallory, projectId: aliceProject } = await openSyncBed('Projet d’Alice'));
  malloryProject = await createProject(ctx, mallory.token, 'À Mallory');
});
afterAll(() => ctx.close());

const alicesTask = async () =>
  (await call('POST', '/api/tasks', alice.token, { title: 'D’Alice', project: aliceProject })).json().data;
const stillThere = async (id: string) => (await call('GET', `/api/tasks/${id}`, alice.token)).json().data;

describe('the task delete rule cannot be bypassed by a move', () => {
  it('REST: refuses to move someone else’s task into one’s own project (403), so the delete stays refused', async () => {
    const task = await alicesTask();
    const moved = await call('PATCH', `/api/tasks/${task.id}`, mallory.token, { project: malloryProject });
    expect(moved.statusCode).toBe(403);
    expect(moved.json()).toMatchObject({ code: 'forbidden' });
    expect((await call('DELETE', `/api/tasks/${task.id}`, mallory.token)).statusCode).toBe(403);
    expect(await stillThere(task.id)).toMatchObject({ project: aliceProject, version: 0, deletedAt: null });
  });

  it('REST: a member still edits someone else’s task in place', async () => {
    const task = await alicesTask();
    const edited = await call('PATCH', `/api/tasks/${task.id}`, mallory.token, {
      title: 'Relue',
      progress: 30,
    });
    expect(edited.statusCode).toBe(200);
  });

  it('REST: the creator may move their task anywhere, and the new project’s owner may then delete it', async () => {
    const task = await alicesTask();
    expect(
      (await call('PATCH', `/api/tasks/${task.id}`, alice.token, { project: malloryProject })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api/tasks/${task.id}`, mallory.token)).statusCode).toBe(200);
  });

  it('REST: deleting one’s own project does not take a task moved there by someone who could not', async () => {
    const task = await alicesTask();
    await call('PATCH', `/api/tasks/${task.id}`, mallory.token, { project: malloryProject });
    const doomed = await createProject(ctx, mallory.token, 'Jetable');
    await call('PATCH', `/api/tasks/${task.id}`, mallory.token, { project: doomed });
    expect((await call('DELETE', `/api/projects/${doomed}`, mallory.token)).statusCode).toBe(200);
    expect(await stillThere(task.id)).toMatchObject({ project: aliceProject, deletedAt: null });
  });

  it('sync: move then delete in one batch is refused (forbidden, then depends_on_conflict)', async () => {
    const task = await alicesTask();
    const answer = await new Device(ctx, mallory).ok([
      { id: task.id, version: 0, data: { project: malloryProject } },
      { op: 'delete', id: task.id, version: 1 },
    ]);
    expect(answer.applied).toEqual([]);
    expect(answer.conflicts).toMatchObject([
      { seq: 1, reason: 'forbidden' },
      { seq: 2, reason: 'depends_on_conflict', cause: 1 },
    ]);
    expect(await stillThere(task.id)).toMatchObject({ project: aliceProject, version: 0 });
  });

  it('sync: a whole-row upsert into one’s own project is refused too, and a delete in a later batch as well', async () => {
    const task = await alicesTask();
    const device = new Device(ctx, mallory);
    const moved = await device.ok([
      { op: 'upsert', id: task.id, version: 0, data: { title: 'D’Alice', project: malloryProject } },
    ]);
    expect(moved.conflicts).toMatchObject([{ reason: 'forbidden' }]);
    const deleted = await device.ok([{ op: 'delete', id: task.id, version: 0 }]);
    expect(deleted.conflicts).toMatchObject([{ reason: 'forbidden' }]);
    expect(await stillThere(task.id)).toMatchObject({ project: aliceProject, deletedAt: null });
  });

  it('sync then REST: a move refused in a batch leaves nothing for a REST delete to use', async () => {
    const task = await alicesTask();
    await new Device(ctx, mallory).ok([{ id: task.id, version: 0, data: { project: malloryProject } }]);
    expect((await call('DELETE', `/api/tasks/${task.id}`, mallory.token)).statusCode).toBe(403);
  });
});
