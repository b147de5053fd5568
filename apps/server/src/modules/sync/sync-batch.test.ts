import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, syncClients, tasks } from '../../db/schema.ts';
import { inject } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-chain.ts';
import { Device, openSyncBed, real, tmp, type SyncBed } from '../../test/sync/sync-test-kit.ts';

let ctx: SyncBed['ctx'];
let alice: SyncBed['alice'];
let bob: SyncBed['bob'];
let projectId: string;

beforeAll(async () => void ({ ctx, alice, bob, projectId } = await openSyncBed('Sync')));
afterAll(() => ctx.close());

function rest(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return inject(ctx.app, { method, url, token, payload, headers });
}
const getTask = async (id: string, token = alice.token) =>
  (await rest('GET', `/api/tasks/${id}`, token)).json().data;
const getProject = async (id: string) => (await rest('GET', `/api/projects/${id}`, alice.token)).json().data;
const createTask = async (fields: Record<string, unknown> = {}, token = alice.token) =>
  (await rest('POST', '/api/tasks', token, { title: 'Relire la spec', project: projectId, ...fields })).json()
    .data;
const lastSeqOf = async (device: Device) =>
  (await ctx.db.select().from(syncClients).where(eq(syncClients.id, device.clientId)))[0]?.lastSeq;

describe('POST /api/sync/batch: numbering and replays', () => {
  it('applies a new device’s creates under the client’s ids and answers each with its version', async () => {
    const device = new Device(ctx, alice);
    const projectTmp = tmp();
    const taskTmp = tmp();
    const answer = await device.ok([
      {
        entity: 'project',
        op: 'upsert',
        id: projectTmp,
        data: {
          name: 'Projet hors ligne',
          description: 'Créé sans réseau',
          deadline: '2027-01-15T09:00:00+01:00',
        },
      },
      {
        op: 'upsert',
        id: taskTmp,
        data: { title: '  Tâche hors ligne  ', project: projectTmp, status: 'doing' },
      },
    ]);
    expect(answer).toMatchObject({
      applied: [
        { seq: 1, entity: 'project', id: real(projectTmp), tmpId: projectTmp, version: 0 },
        { seq: 2, entity: 'task', id: real(taskTmp), tmpId: taskTmp, version: 0 },
      ],
      conflicts: [],
      lastSeq: 2,
    });
    const task = await getTask(real(taskTmp));
    expect(task).toMatchObject({
      title: 'Tâche hors ligne',
      project: real(projectTmp),
      status: 'in_progress',
      createdBy: alice.user.id,
    });
    expect(await getProject(real(projectTmp))).toMatchObject({
      taskCount: 1,
      ownerId: alice.user.id,
      deadline: '2027-01-15T08:00:00.000Z',
    });
  });

  it('answers a replayed seq with its stored result and applies nothing twice (a lost answer, then the retry)', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    const first = await device.ok([{ id: task.id, version: 0, data: { progress: 10 } }]);
    // The answer was lost: the device sends the same seq again, with a second one after it.
    const retry = await device.ok(
      [
        { id: task.id, version: 0, data: { progress: 10 } },
        { id: task.id, version: 1, data: { title: 'Suite' } },
      ],
      { seqFrom: 1 },
    );
    expect(retry.applied[0]).toEqual(first.applied[0]);
    expect(retry.applied[1]).toMatchObject({ seq: 2, version: 2 });
    expect(await getTask(task.id)).toMatchObject({ progress: 10, title: 'Suite', version: 2 });
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, `task:${task.id}`));
    expect(audited.filter((row) => row.type === 'task.updated')).toHaveLength(2);
    expect(audited.at(-1)!.metadata).toMatchObject({ via: 'sync' });
  });

  it('applies once a batch sent twice at the same moment, even a new device’s first one (the change counter queues them)', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    const operations = [{ id: task.id, version: 0, data: { progress: 7 } }];
    const [one, two] = await Promise.all([
      device.send(operations, { seqFrom: 1 }),
      device.send(operations, { seqFrom: 1 }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().data.applied).toEqual(two.json().data.applied);
    expect(await getTask(task.id)).toMatchObject({ progress: 7, version: 1 });
  });

  it('refuses a gap whole with out_of_order and lastSeq, consuming nothing', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    await device.ok([{ id: task.id, data: { progress: 5 } }]);
    const gap = await device.send([{ id: task.id, version: 1, data: { progress: 50 } }], { seqFrom: 3 });
    expect(gap.statusCode).toBe(409);
    expect(gap.json()).toMatchObject({ code: 'out_of_order', lastSeq: 1 });
    expect(await getTask(task.id)).toMatchObject({ progress: 5, version: 1 });
    expect(await lastSeqOf(device)).toBe(1);
  });

  it('refuses a gap or a step back between two operations of one batch with out_of_order and lastSeq, consuming nothing', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    await device.ok([{ id: task.id, data: { progress: 5 } }]);
    const operation = (seq: number, progress: number) => ({
      seq,
      entity: 'task',
      op: 'patch',
      id: task.id,
      version: 1,
      data: { progress },
    });
    for (const seqs of [
      [2, 4],
      [2, 1],
    ]) {
      const refused = await device.sendEnvelope({ operations: seqs.map((seq) => operation(seq, seq * 10)) });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'out_of_order', lastSeq: 1 });
    }
    expect(await getTask(task.id)).toMatchObject({ progress: 5, version: 1 });
    expect(await lastSeqOf(device)).toBe(1);
  });

  it('releases stored results up to ackedThrough: a later replay of them is already_applied', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    await device.ok([{ id: task.id, data: { progress: 1 } }]);
    await device.ok([{ id: task.id, version: 1, data: { progress: 2 } }], { ackedThrough: 1 });
    const replay = await device.ok([{ id: task.id, data: { progress: 1 } }], { seqFrom: 1 });
    expect(replay.conflicts).toMatchObject([{ seq: 1, reason: 'already_applied' }]);
    expect(await getTask(task.id)).toMatchObject({ progress: 2, version: 2 });
  });

  it('registers a device to its user: another user’s device is 403, a userId not the session’s is 409 wrong_user', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    await device.ok([{ id: task.id, data: { progress: 3 } }]);
    const stolen = await new Device(ctx, bob).send([{ id: task.id, version: 1, data: { progress: 99 } }], {
      clientId: device.clientId,
      seqFrom: 2,
    });
    expect(stolen.statusCode).toBe(403);
    const mismatch = await new Device(ctx, bob).send([{ id: task.id, version: 1, data: { progress: 99 } }], {
      userId: alice.user.id,
    });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('wrong_user');
    expect(await getTask(task.id)).toMatchObject({ progress: 3 });
  });

  it('answers client_unknown to an unknown device that does not start at 1, and upgrade_required to another schema', async () => {
    const task = await createTask();
    const forgotten = await new Device(ctx, alice).send([{ id: task.id, data: { progress: 4 } }], {
      seqFrom: 7,
    });
    expect(forgotten.statusCode).toBe(409);
    expect(forgotten.json().code).toBe('client_unknown');
    const old = await new Device(ctx, alice).send([{ id: task.id, data: { progress: 4 } }], {
      schemaVersion: 0,
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('upgrade_required');
    expect(await getTask(task.id)).toMatchObject({ progress: 0, version: 0 });
  });

  it('refuses a bad envelope with 400: 51 operations, unknown fields', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    const many = Array.from({ length: 51 }, () => ({ id: task.id, data: { progress: 1 } }));
    expect((await device.send(many)).statusCode).toBe(400);
    const unknown = await device.sendEnvelope({ extra: true });
    expect(unknown.statusCode).toBe(400);
    expect(await getTask(task.id)).toMatchObject({ version: 0 });
  });

  it('counts batches by result in /metrics', async () => {
    const count = async (result: string) =>
      (await ctx.app.ctx.metrics.syncBatches.get()).values.find((value) => value.labels.result === result)
        ?.value ?? 0;
    const before = { answered: await count('answered'), upgrade: await count('upgrade_required') };
    await new Device(ctx, alice).ok([]);
    await new Device(ctx, alice).send([], { schemaVersion: 0 });
    expect((await count('answered')) - before.answered).toBe(1);
    expect((await count('upgrade_required')) - before.upgrade).toBe(1);
  });

  it('publishes one change notification per batch that changed something, none for a batch of conflicts', async () => {
    const task = await createTask();
    // The REST create announces its own change (and on PostgreSQL may arrive late): only later ones count.
    const [{ value: restSeq }] = (
      await ctx.db.execute<{ value: number }>(sql`select value::int from change_counter`)
    ).rows as [{ value: number }];
    const seen: number[] = [];
    const unsubscribe = ctx.app.ctx.notifier.subscribe(
      (message) =>
        void (message.kind === 'changes' && message.changeSeq > restSeq && seen.push(message.changeSeq)),
    );
    try {
      const device = new Device(ctx, alice);
      const answer = await device.ok([
        { id: task.id, data: { progress: 1 } },
        { id: task.id, version: 1, data: { progress: 2 } },
        { op: 'upsert', id: tmp(), data: { title: 'Encore', project: projectId } },
      ]);
      await device.ok([{ id: task.id, version: 0, data: { progress: 3 } }]);
      // PostgreSQL delivers NOTIFY through the listener's own connection: give it a moment.
      await expect.poll(() => seen.length).toBe(1);
      expect(seen).toEqual([answer.changeSeq]);
    } finally {
      unsubscribe();
    }
  });

  it('takes a full batch of long texts, and refuses a body over the sync limit with 413', async () => {
    const device = new Device(ctx, alice);
    const long = 'é'.repeat(9_000);
    const full = await device.ok(
      Array.from({ length: 50 }, () => ({
        op: 'upsert' as const,
        id: tmp(),
        data: { title: 'Long', project: projectId, description: long },
      })),
    );
    expect(full.applied).toHaveLength(50);
    const huge = await device.send([
      {
        op: 'upsert',
        id: tmp(),
        data: { title: 'x', project: projectId, description: 'x'.repeat(4 * 1024 * 1024) },
      },
    ]);
    expect(huge.statusCode).toBe(413);
  });

  it('refuses a batch without a session', async () => {
    const response = await inject(ctx.app, {
      method: 'POST',
      url: '/api/sync/batch',
      payload: { schemaVersion: 1, clientId: alice.user.id, userId: alice.user.id, operations: [] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/sync/batch: the rules of each operation', () => {
  it('merges patches on different fields and patches to the same value; a true clash names its fields', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask({ title: 'Base', priority: 'low' });
    // Someone else changed the title online.
    await rest('PATCH', `/api/tasks/${task.id}`, bob.token, { title: 'Titre de Bob' });
    const answer = await device.ok([
      { id: task.id, version: 0, data: { priority: 'high' }, base: { priority: 'low' } },
      { id: task.id, version: 0, data: { title: 'Titre de Bob' }, base: { title: 'Base' } },
      {
        id: task.id,
        version: 0,
        data: { title: 'Titre d’Alice', description: 'notes' },
        base: { title: 'Base', description: '' },
      },
    ]);
    expect(answer.applied.map((applied) => [applied.seq, applied.version])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(answer.conflicts).toMatchObject([
      {
        seq: 3,
        reason: 'version_mismatch',
        fields: ['title'],
        serverVersion: 2,
        clientVersion: 0,
        server: { title: 'Titre de Bob' },
      },
    ]);
    expect(await getTask(task.id)).toMatchObject({
      title: 'Titre de Bob',
      priority: 'high',
      description: '',
      version: 2,
    });
  });

  it('applies a patch at the current version even for a field its base never showed (a default of a row the device created)', async () => {
    const device = new Device(ctx, alice);
    const id = tmp();
    await device.ok([{ op: 'upsert', id, data: { title: 'Créée hors ligne', project: projectId } }]);
    // The device never pulled the row, so it never saw `status`: its base has only the title.
    const answer = await device.ok([
      {
        id: real(id),
        version: 0,
        data: { title: 'Renommée', status: 'done' },
        base: { title: 'Créée hors ligne' },
      },
    ]);
    expect(answer.conflicts).toEqual([]);
    expect(await getTask(real(id))).toMatchObject({ title: 'Renommée', status: 'done', version: 1 });
  });

  it('treats any version difference as a conflict for a patch without base, and for a whole-row upsert', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    await rest('PATCH', `/api/tasks/${task.id}`, bob.token, { progress: 40 });
    const answer = await device.ok([
      { id: task.id, version: 0, data: { description: 'vu hors ligne' } },
      { id: task.id, op: 'upsert', version: 0, data: { title: 'Tout', project: projectId } },
    ]);
    expect(answer.conflicts.map((conflict) => [conflict.seq, conflict.reason])).toEqual([
      [1, 'version_mismatch'],
      [2, 'depends_on_conflict'],
    ]);
    expect(answer.conflicts[1]).toMatchObject({ cause: 1 });
  });

  it('answers deleted to an update after a delete, and applies a second delete', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    await rest('DELETE', `/api/tasks/${task.id}`, alice.token);
    const update = await device.ok([
      { id: task.id, version: 0, data: { progress: 10 }, base: { progress: 0 } },
    ]);
    expect(update.conflicts).toMatchObject([
      { seq: 1, reason: 'deleted', server: { deletedAt: expect.any(String) } },
    ]);
    const again = await new Device(ctx, alice).ok([{ id: task.id, op: 'delete', version: 0 }]);
    expect(again.applied).toMatchObject([{ seq: 1, version: 1 }]);
  });

  it('deletes at the current version, refuses a stale delete, and refuses members who may not delete', async () => {
    const device = new Device(ctx, bob);
    const task = await createTask();
    const other = await createTask();
    await rest('PATCH', `/api/tasks/${other.id}`, alice.token, { progress: 5 });
    const answer = await device.ok([{ id: task.id, op: 'delete', version: 0 }]);
    expect(answer.conflicts).toMatchObject([{ reason: 'forbidden' }]);
    const own = await new Device(ctx, alice).ok([
      { id: task.id, op: 'delete', version: 0 },
      { id: other.id, op: 'delete', version: 0 },
    ]);
    expect(own.applied).toMatchObject([{ seq: 1, version: 1 }]);
    expect(own.conflicts).toMatchObject([{ seq: 2, reason: 'version_mismatch', serverVersion: 1 }]);
    expect((await rest('GET', `/api/tasks/${task.id}`, alice.token)).statusCode).toBe(404);
  });

  it('answers not_found for an id that never existed and invalid for bad data or server-owned fields', async () => {
    const device = new Device(ctx, alice);
    const task = await createTask();
    const other = await createTask();
    const answer = await device.ok([
      { id: '00000000-0000-4000-8000-000000000000', data: { progress: 1 } },
      { id: task.id, data: { version: 7 } },
      { id: other.id, data: { progress: 101 } },
      { op: 'upsert', id: tmp(), data: { title: 'Sans projet' } },
      {
        op: 'upsert',
        id: tmp(),
        data: { title: 'Projet inconnu', project: '11111111-1111-4111-8111-111111111111' },
      },
    ]);
    expect(answer.conflicts.map((conflict) => conflict.reason)).toEqual([
      'not_found',
      'invalid',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect(answer.conflicts[4]).toMatchObject({ detail: 'project: Unknown project' });
    for (const id of [task.id, other.id])
      expect(await getTask(id)).toMatchObject({ version: 0, progress: 0 });
  });

  it('refuses an id another person’s row has taken with invalid/id_taken', async () => {
    const task = await createTask({}, bob.token);
    const answer = await new Device(ctx, alice).ok([
      { op: 'upsert', id: `tmp-${task.id}`, data: { title: 'Doublon', project: projectId } },
    ]);
    expect(answer.conflicts).toMatchObject([{ reason: 'invalid', detail: 'id_taken' }]);
    expect(await getTask(task.id)).toMatchObject({ title: 'Relire la spec', version: 0 });
  });

  it('makes one row of a create sent twice under the same client id, and answers the second as applied', async () => {
    const taskTmp = tmp();
    const projectTmp = tmp();
    const create = [
      {
        entity: 'project' as const,
        op: 'upsert' as const,
        id: projectTmp,
        data: { name: 'Une fois', description: 'x', deadline: '2027-01-01T00:00:00Z' },
      },
      { op: 'upsert' as const, id: taskTmp, data: { title: 'Une seule fois', project: projectId } },
    ];
    const first = await new Device(ctx, alice).ok(create);
    // Another tab or a resend of the same form: a second device, the same ids.
    const second = await new Device(ctx, alice).ok(create);
    expect(first.conflicts).toEqual([]);
    expect(second.conflicts).toEqual([]);
    expect(second.applied).toMatchObject([
      { entity: 'project', id: real(projectTmp), tmpId: projectTmp, version: 0 },
      { entity: 'task', id: real(taskTmp), tmpId: taskTmp, version: 0 },
    ]);
    const rows = await ctx.db.select().from(tasks).where(eq(tasks.title, 'Une seule fois'));
    expect(rows.map((row) => row.id)).toEqual([real(taskTmp)]);
    expect(await getProject(real(projectTmp))).toMatchObject({ name: 'Une fois', version: 0 });
  });

  it('holds a task whose project’s create conflicted (depends_on_conflict, cause), also in a later batch', async () => {
    const device = new Device(ctx, alice);
    const projectTmp = tmp();
    const answer = await device.ok([
      {
        entity: 'project',
        op: 'upsert',
        id: projectTmp,
        data: { name: '', description: 'x', deadline: '2027-01-01T00:00:00Z' },
      },
      { op: 'upsert', id: tmp(), data: { title: 'Dans le projet refusé', project: projectTmp } },
    ]);
    expect(answer.conflicts).toMatchObject([
      { seq: 1, reason: 'invalid' },
      { seq: 2, reason: 'depends_on_conflict', cause: 1 },
    ]);
    // In a later batch the project does not exist: the task is invalid, never created.
    const later = await device.ok([
      { op: 'upsert', id: tmp(), data: { title: 'Plus tard', project: projectTmp } },
    ]);
    expect(later.conflicts).toMatchObject([
      { seq: 3, reason: 'invalid', detail: 'project: Unknown project' },
    ]);
  });

  it('keeps derived values exact: counts, progress, completedAt, and the audit chain', async () => {
    const device = new Device(ctx, alice);
    const projectTmp = tmp();
    const [a, b, c] = [tmp(), tmp(), tmp()];
    const created = await device.ok([
      {
        entity: 'project',
        op: 'upsert',
        id: projectTmp,
        data: { name: 'Compte', description: 'Les nombres', deadline: '2027-02-01T00:00:00Z' },
      },
      { op: 'upsert', id: a, data: { title: 'A', project: projectTmp, progress: 50 } },
      { op: 'upsert', id: b, data: { title: 'B', project: projectTmp } },
      { op: 'upsert', id: c, data: { title: 'C', project: projectTmp } },
      { id: b, version: 0, data: { status: 'done' }, base: { status: 'todo' } },
      { id: c, op: 'delete', version: 0 },
    ]);
    expect(created.conflicts).toEqual([]);
    const project = await getProject(real(projectTmp));
    expect(project).toMatchObject({ taskCount: 2, progress: 75 });
    const [done] = await ctx.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, real(b)));
    expect(done!.completedAt).toBeInstanceOf(Date);
    const dashboard = (await rest('GET', `/api/dashboard?projectId=${real(projectTmp)}`, alice.token)).json()
      .data;
    expect(JSON.stringify(dashboard)).toContain('"done"');
    expect(await verifyAuditChain(ctx.db)).toMatchObject({ break: null });
  });

  it('tombstones a deleted project’s tasks, those in the batch and the others', async () => {
    const device = new Device(ctx, alice);
    const project = (
      await rest('POST', '/api/projects', alice.token, {
        name: 'À supprimer',
        description: 'x',
        deadline: '2027-01-01T00:00:00Z',
      })
    ).json().data;
    const untouched = await createTask({ project: project.id });
    const touched = await createTask({ project: project.id });
    const answer = await device.ok([
      { id: touched.id, data: { progress: 20 }, base: { progress: 0 } },
      { entity: 'project', op: 'delete', id: project.id, version: 0 },
      { id: touched.id, version: 1, data: { progress: 30 }, base: { progress: 20 } },
    ]);
    expect(answer.conflicts).toMatchObject([{ seq: 3, reason: 'deleted' }]);
    for (const id of [untouched.id, touched.id])
      expect((await rest('GET', `/api/tasks/${id}`, alice.token)).statusCode).toBe(404);
  });

  it('rolls the whole batch back when the database fails at operation k; the same seqs then apply once', async () => {
    const device = new Device(ctx, alice);
    const first = await createTask();
    await ctx.db
      .execute(sql`create or replace function refuse_boom() returns trigger language plpgsql as $$ begin
      if new.title = 'boom' then raise exception 'disk on fire'; end if; return new; end $$`);
    await ctx.db.execute(
      sql`create trigger refuse_boom before insert or update on tasks for each row execute function refuse_boom()`,
    );
    try {
      const failed = await device.send([
        { id: first.id, data: { progress: 60 } },
        { op: 'upsert', id: tmp(), data: { title: 'boom', project: projectId } },
      ]);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).not.toHaveProperty('stack');
      expect(await getTask(first.id)).toMatchObject({ progress: 0, version: 0 });
      expect(await lastSeqOf(device)).toBeUndefined();
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_boom on tasks`);
    }
    const retried = await device.ok([{ id: first.id, data: { progress: 60 } }]);
    expect(retried.applied).toMatchObject([{ seq: 1, version: 1 }]);
  });
});
