import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject, signInAdmin } from '../../test/test-app.ts';
import { Device, openSyncBed, real, tmp, type SyncBed } from '../../test/sync/sync-test-kit.ts';

let ctx: SyncBed['ctx'];
let alice: SyncBed['alice'];
let bob: SyncBed['bob'];
let admin: SyncBed['alice'];
let projectId: string;

beforeAll(async () => {
  ({ ctx, alice, bob, projectId } = await openSyncBed('Étiquettes hors ligne'));
  admin = await signInAdmin(ctx);
});
afterAll(() => ctx.close());

const rest = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  inject(ctx.app, { method, url, token, payload: payload as Record<string, unknown> });
const getTask = async (id: string) => (await rest('GET', `/api/tasks/${id}`, alice.token)).json().data;
const newLabel = async (name: string) =>
  (await rest('POST', '/api/labels', alice.token, { name, color: 'green' })).json().data as {
    id: string;
  };

describe('labels on the one write path (sync batches)', () => {
  it('creates a label offline under its client id, and a task that carries it in the same batch', async () => {
    const device = new Device(ctx, alice);
    const labelTmp = tmp();
    const taskTmp = tmp();
    const answer = await device.ok([
      { entity: 'label', op: 'upsert', id: labelTmp, data: { name: 'Hors ligne', color: 'blue' } },
      { op: 'upsert', id: taskTmp, data: { title: 'Étiquetée', project: projectId, labels: [labelTmp] } },
    ]);
    expect(answer.conflicts).toEqual([]);
    expect(answer.applied).toMatchObject([
      { seq: 1, entity: 'label', id: real(labelTmp), tmpId: labelTmp, version: 0 },
      { seq: 2, entity: 'task', id: real(taskTmp), tmpId: taskTmp, version: 0 },
    ]);
    expect((await getTask(real(taskTmp))).labels).toEqual([real(labelTmp)]);
    // Sent again (a lost answer): one label, answered as applied.
    const again = await device.ok([
      { entity: 'label', op: 'upsert', id: labelTmp, data: { name: 'Hors ligne', color: 'blue' } },
    ]);
    expect(again.applied).toMatchObject([{ entity: 'label', id: real(labelTmp) }]);
  });

  it('answers a name taken while offline invalid/name_taken, and holds the tasks that carry that label', async () => {
    await newLabel('Déjà là');
    const device = new Device(ctx, bob);
    const labelTmp = tmp();
    const answer = await device.ok([
      { entity: 'label', op: 'upsert', id: labelTmp, data: { name: 'deja la', color: 'red' } },
      { op: 'upsert', id: tmp(), data: { title: 'Attend', project: projectId, labels: [labelTmp] } },
    ]);
    expect(answer.conflicts).toMatchObject([
      { seq: 1, entity: 'label', reason: 'invalid', detail: 'name_taken' },
      { seq: 2, entity: 'task', reason: 'depends_on_conflict', cause: 1 },
    ]);
  });

  it('merges label sets as one field: the same set in any order is no clash, two different sets are', async () => {
    const a = await newLabel('Ordre A');
    const b = await newLabel('Ordre B');
    const task = (
      await rest('POST', '/api/tasks', alice.token, { title: 'Fusion', project: projectId })
    ).json().data;
    const one = new Device(ctx, alice);
    const two = new Device(ctx, bob);
    await one.ok([{ id: task.id, version: 0, data: { labels: [a.id, b.id] }, base: { labels: [] } }]);
    const same = await two.ok([
      { id: task.id, version: 0, data: { labels: [b.id, a.id] }, base: { labels: [] } },
    ]);
    expect(same.conflicts).toEqual([]);
    const clash = await two.ok([{ id: task.id, version: 0, data: { labels: [a.id] }, base: { labels: [] } }]);
    expect(clash.conflicts).toMatchObject([{ reason: 'version_mismatch', fields: ['labels'] }]);
    // Another field of the same task merges beside the labels.
    const title = await two.ok([
      { id: task.id, version: 0, data: { title: 'Fusionnée' }, base: { title: 'Fusion' } },
    ]);
    expect(title.conflicts).toEqual([]);
    expect(await getTask(task.id)).toMatchObject({ title: 'Fusionnée', labels: [a.id, b.id].sort() });
  });

  it('drops a label deleted while a device was offline: its tasks come back without it, and it cannot be put back', async () => {
    const doomed = await newLabel('Bientôt supprimée');
    const task = (
      await rest('POST', '/api/tasks', alice.token, {
        title: 'Porteuse',
        project: projectId,
        labels: [doomed.id],
      })
    ).json().data;
    const offline = new Device(ctx, alice);
    expect((await rest('DELETE', `/api/labels/${doomed.id}`, admin.token)).statusCode).toBe(200);
    // The device's edit of another field, made on the version it saw, merges over the server's removal.
    const edit = await offline.ok([
      { id: task.id, version: 0, data: { progress: 40 }, base: { progress: 0 } },
    ]);
    expect(edit.conflicts).toEqual([]);
    expect(await getTask(task.id)).toMatchObject({ labels: [], progress: 40, version: 2 });
    const putBack = await offline.ok([{ id: task.id, version: 2, data: { labels: [doomed.id] } }]);
    expect(putBack.conflicts).toMatchObject([{ reason: 'invalid', detail: 'labels: Unknown label' }]);
  });

  it('refuses a member’s label rename or delete in a batch as forbidden (administrators only)', async () => {
    const mine = await newLabel('À moi');
    const rename = await new Device(ctx, alice).ok([
      { entity: 'label', op: 'patch', id: mine.id, data: { color: 'pink' } },
    ]);
    expect(rename.conflicts).toMatchObject([{ reason: 'forbidden' }]);
    const remove = await new Device(ctx, alice).ok([{ entity: 'label', op: 'delete', id: mine.id }]);
    expect(remove.conflicts).toMatchObject([{ reason: 'forbidden' }]);
    const byAdmin = await new Device(ctx, admin).ok([
      { entity: 'label', op: 'patch', id: mine.id, data: { color: 'pink' } },
    ]);
    expect(byAdmin.applied).toMatchObject([{ entity: 'label', version: 1 }]);
  });
});
