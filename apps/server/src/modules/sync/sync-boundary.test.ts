import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import { inject } from '../../test/test-app.ts';
import { Device, openSyncBed, real, tmp, type SyncBed } from '../../test/sync/sync-test-kit.ts';

// Hole 1 of issue 31: an id spelled in upper case was taken for another row than the one the database
// holds under it, so a `tmp-` create overwrote someone else's row. Only one spelling of an id is accepted.

let ctx: SyncBed['ctx'];
let alice: SyncBed['alice'];
let bob: SyncBed['bob'];
let projectId: string;

beforeAll(async () => void ({ ctx, alice, bob, projectId } = await openSyncBed('Identifiants')));
afterAll(() => ctx.close());

const rest = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) => inject(ctx.app, { method, url, token, payload });
const createTask = async (token = alice.token) =>
  (
    await rest('POST', '/api/tasks', token, { title: 'Tâche d’Alice', project: projectId, progress: 40 })
  ).json().data;
const getTask = async (id: string) => (await rest('GET', `/api/tasks/${id}`, alice.token)).json().data;
const getProject = async (id: string) => (await rest('GET', `/api/projects/${id}`, alice.token)).json().data;
const aNewTask = () => ({ op: 'upsert' as const, id: tmp(), data: { title: 'Après', project: projectId } });
const shout = (id: string) => `tmp-${id.toUpperCase()}`;

describe('POST /api/sync/batch: an id in another case is refused for that operation only', () => {
  it('refuses a create over someone else’s task spelled in upper case, and applies the rest of the batch', async () => {
    const task = await createTask();
    const before = await getTask(task.id);
    const attack = await new Device(ctx, bob).ok([
      { op: 'upsert', id: shout(task.id), data: { title: 'Écrasée', project: projectId } },
      aNewTask(),
    ]);
    expect(attack.conflicts).toMatchObject([{ seq: 1, reason: 'invalid' }]);
    expect(attack.applied).toMatchObject([{ seq: 2 }]);
    expect(await getTask(task.id)).toEqual(before);
    const created = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, `task:${shout(task.id).slice(4)}`));
    expect(created).toEqual([]);
  });

  it('refuses a create over someone else’s project spelled in upper case', async () => {
    const before = await getProject(projectId);
    const attack = await new Device(ctx, bob).ok([
      {
        entity: 'project',
        op: 'upsert',
        id: shout(projectId),
        data: { name: 'À moi', description: 'Pris', deadline: '2027-01-01T00:00:00Z' },
      },
    ]);
    expect(attack.conflicts).toMatchObject([{ seq: 1, reason: 'invalid' }]);
    expect(await getProject(projectId)).toMatchObject({
      name: before.name,
      ownerId: alice.user.id,
      taskCount: before.taskCount,
      version: before.version,
    });
  });

  it('does not bring back a deleted task through an upper-case create', async () => {
    const task = await createTask();
    expect((await rest('DELETE', `/api/tasks/${task.id}`, alice.token)).statusCode).toBe(200);
    const attack = await new Device(ctx, bob).ok([
      { op: 'upsert', id: shout(task.id), data: { title: 'Revenue', project: projectId } },
    ]);
    expect(attack.conflicts).toMatchObject([{ reason: 'invalid' }]);
    expect((await rest('GET', `/api/tasks/${task.id}`, alice.token)).statusCode).toBe(404);
  });

  it('answers a create over an existing id in its canonical form with id_taken, changing nothing', async () => {
    const task = await createTask();
    const before = await getTask(task.id);
    const attack = await new Device(ctx, bob).ok([
      { op: 'upsert', id: `tmp-${task.id}`, data: { title: 'Écrasée', project: projectId } },
    ]);
    expect(attack.conflicts).toMatchObject([{ reason: 'invalid', detail: 'id_taken' }]);
    expect(await getTask(task.id)).toEqual(before);
  });

  it('refuses a TMP- prefix for that operation and applies the next ones', async () => {
    const device = new Device(ctx, alice);
    const loud = `TMP-${real(tmp())}`;
    const answer = await device.ok([
      { op: 'upsert', id: loud, data: { title: 'Crié', project: projectId } },
      aNewTask(),
    ]);
    expect(answer.conflicts).toMatchObject([{ seq: 1, reason: 'invalid', id: loud }]);
    expect(answer.applied).toMatchObject([{ seq: 2 }]);
    expect(answer.lastSeq).toBe(2);
  });

  it('applies a new uuid once when a batch names it in two cases: the second spelling is refused', async () => {
    const id = tmp();
    const answer = await new Device(ctx, alice).ok([
      { op: 'upsert', id, data: { title: 'Une fois', project: projectId } },
      { op: 'patch', id: real(id).toUpperCase(), version: 0, data: { title: 'Deux fois' } },
      { op: 'upsert', id: shout(real(id)), data: { title: 'Trois fois', project: projectId } },
    ]);
    expect(answer.applied).toMatchObject([{ seq: 1, id: real(id) }]);
    expect(answer.conflicts).toMatchObject([
      { seq: 2, reason: 'invalid' },
      { seq: 3, reason: 'invalid' },
    ]);
    expect(await getTask(real(id))).toMatchObject({ title: 'Une fois', version: 0 });
  });

  it('refuses an upper-case project reference in a task’s data for that operation', async () => {
    const task = await createTask();
    const before = await getProject(projectId);
    const answer = await new Device(ctx, alice).ok([
      { id: task.id, version: 0, data: { project: projectId.toUpperCase() } },
    ]);
    expect(answer.conflicts).toMatchObject([{ seq: 1, reason: 'invalid' }]);
    expect(await getTask(task.id)).toMatchObject({ version: 0 });
    expect(await getProject(projectId)).toMatchObject({
      taskCount: before.taskCount,
      version: before.version,
    });
  });
});

describe('REST: ids in another case are refused with 400', () => {
  it('refuses an upper-case id in a path', async () => {
    const task = await createTask();
    for (const [method, url] of [
      ['GET', `/api/tasks/${task.id.toUpperCase()}`],
      ['PATCH', `/api/tasks/${task.id.toUpperCase()}`],
      ['DELETE', `/api/tasks/${task.id.toUpperCase()}`],
      ['GET', `/api/projects/${projectId.toUpperCase()}`],
    ] as const) {
      const response = await rest(
        method,
        url,
        alice.token,
        method === 'PATCH' ? { title: 'Renommée' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'params.id' }] });
    }
    expect(await getTask(task.id)).toMatchObject({ title: 'Tâche d’Alice', version: 0 });
  });

  it('refuses upper-case references in a body, and a move to the same project in another case changes no count', async () => {
    const task = await createTask();
    const before = await getProject(projectId);
    const created = await rest('POST', '/api/tasks', alice.token, {
      title: 'Crié',
      project: projectId.toUpperCase(),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ errors: [{ path: 'body.project' }] });
    const moved = await rest('PATCH', `/api/tasks/${task.id}`, alice.token, {
      project: projectId.toUpperCase(),
    });
    expect(moved.statusCode).toBe(400);
    const assigned = await rest('PATCH', `/api/tasks/${task.id}`, alice.token, {
      assignee: bob.user.id.toUpperCase(),
    });
    expect(assigned.statusCode).toBe(400);
    expect(await getProject(projectId)).toMatchObject({
      taskCount: before.taskCount,
      version: before.version,
    });
  });
});

describe('POST /api/sync/batch: what the database cannot store is refused for that operation only', () => {
  /** A batch written as JSON text: its second operation carries `inner`, the first and third are plain creates. */
  const batchWith = (device: Device, inner: string) => {
    const create = (seq: number) =>
      `{"seq":${seq},"entity":"task","op":"upsert","id":"${tmp()}","version":0,"data":{"title":"Avant","project":"${projectId}"}}`;
    return `{"schemaVersion":1,"clientId":"${device.clientId}","userId":"${device.user.user.id}","operations":[${create(1)},${inner},${create(3)}]}`;
  };
  const post = (device: Device, body: string) =>
    inject(ctx.app, {
      method: 'POST',
      url: '/api/sync/batch',
      token: device.user.token,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });

  it.each([
    [
      'NUL in a title',
      (id: string) =>
        `{"seq":2,"entity":"task","op":"upsert","id":"${id}","version":0,"data":{"title":"a\\u0000b","project":"${projectId}"}}`,
    ],
    [
      'a lone surrogate in a title',
      (id: string) =>
        `{"seq":2,"entity":"task","op":"upsert","id":"${id}","version":0,"data":{"title":"\\ud800","project":"${projectId}"}}`,
    ],
    [
      'a lone surrogate in a field name',
      (id: string) =>
        `{"seq":2,"entity":"task","op":"upsert","id":"${id}","version":0,"data":{"\\udfff":1,"title":"x","project":"${projectId}"}}`,
    ],
    [
      'NUL in an unknown field',
      (id: string) =>
        `{"seq":2,"entity":"task","op":"upsert","id":"${id}","version":0,"data":{"title":"x","project":"${projectId}","extra":["\\u0000"]}}`,
    ],
    [
      'a lone surrogate in base',
      (id: string) =>
        `{"seq":2,"entity":"task","op":"patch","id":"${real(id)}","version":0,"data":{"title":"x"},"base":{"title":"\\udc00"}}`,
    ],
    [
      'an array nested 10,000 deep',
      (id: string) =>
        `{"seq":2,"entity":"task","op":"upsert","id":"${id}","version":0,"data":{"title":${'['.repeat(10_000)}${']'.repeat(10_000)},"project":"${projectId}"}}`,
    ],
  ])(
    'answers %s with invalid, applies the others, and moves the device past it',
    async (_name, operation) => {
      const device = new Device(ctx, alice);
      const response = await post(device, batchWith(device, operation(tmp())));
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json().data;
      expect(answer.applied.map((applied: { seq: number }) => applied.seq)).toEqual([1, 3]);
      expect(answer.conflicts).toMatchObject([{ seq: 2, reason: 'invalid', detail: expect.any(String) }]);
      expect(answer.lastSeq).toBe(3);
      // The same batch sent again (its answer lost) is answered from what was stored, not refused again.
      const again = await post(device, batchWith(device, operation(tmp())));
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.conflicts).toMatchObject([{ seq: 2, reason: 'invalid' }]);
    },
  );
});
