import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Label, NotificationList, Task } from '@jalon/contract';
import { auditLog, labels, projects, tasks } from '../../db/schema.ts';
import { multipartBody } from '../../test/multipart.ts';
import { inject, signInAdmin } from '../../test/test-app.ts';
import { Device, openSyncBed, type SyncBed } from '../../test/sync/sync-test-kit.ts';

// The id forms and the text of sync-boundary.test.ts, on the newest kinds: notifications, labels,
// sub-tasks, restores and imports. An id is a lower-case UUID and nothing else (decision 0045): any other
// spelling is refused before anything is read, so it can neither change a row nor tell whether a row of
// someone else's is there.

let ctx: SyncBed['ctx'];
let alice: SyncBed['alice'];
let bob: SyncBed['bob'];
let projectId: string;
let admin: Awaited<ReturnType<typeof signInAdmin>>;

beforeAll(async () => {
  ({ ctx, alice, bob, projectId } = await openSyncBed('Formes d’identifiants'));
  admin = await signInAdmin(ctx);
});
afterAll(() => ctx.close());

type Who = { token: string };
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: Who,
  payload?: Record<string, unknown>,
) => inject(ctx.app, { method, url, token: who.token, payload });

async function ok<T>(...args: Parameters<typeof call>): Promise<T> {
  const response = await call(...args);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data as T;
}

/** Every spelling of `id` but the one accepted, as it goes into a path (encoded) or a body (as it is). */
const otherForms = (id: string) => [
  { name: 'upper case', raw: id.toUpperCase() },
  { name: 'braces', raw: `{${id}}` },
  { name: 'a leading space', raw: ` ${id}` },
  { name: 'a trailing tab', raw: `${id}\t` },
  { name: 'no hyphens', raw: id.replaceAll('-', '') },
  { name: 'not a uuid', raw: 'pas-un-identifiant' },
];
const inPath = (raw: string) => encodeURIComponent(raw);

/** 400 validation_failed naming where the id was, as every other route answers a bad id. */
function expectRefused(response: { statusCode: number; body: string; json(): unknown }, path: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path }] });
}

const taskOf = (owner: Who, fields: Record<string, unknown> = {}) =>
  ok<Task>('POST', '/api/tasks', owner, { title: 'Monter le stand', project: projectId, ...fields });
const readTask = (id: string) => ok<Task>('GET', `/api/tasks/${id}`, alice);
const inbox = (who: Who) => ok<NotificationList>('GET', '/api/notifications', who);

describe('notification ids', () => {
  /** Alice assigns Bob a task: Bob has one unread notification. */
  async function bobsNotification() {
    await taskOf(alice, { assignee: bob.user.id });
    const [notification] = (await inbox(bob)).items;
    return notification!;
  }

  it('refuses every other spelling of an id in read, the inbox’s page and watch, and reads nothing', async () => {
    const notification = await bobsNotification();
    const task = await taskOf(bob);
    const before = await inbox(bob);
    for (const { name, raw } of otherForms(notification.id)) {
      expectRefused(await call('POST', `/api/notifications/${inPath(raw)}/read`, bob), 'params.id');
      expectRefused(await call('GET', `/api/notifications?before=${inPath(raw)}`, bob), 'querystring.before');
      for (const method of ['PUT', 'DELETE'] as const) {
        const watch = otherForms(task.id).find((form) => form.name === name)!.raw;
        expectRefused(await call(method, `/api/tasks/${inPath(watch)}/watch`, bob), 'params.id');
      }
    }
    expect(await inbox(bob)).toEqual(before);
    expect((await readTask(task.id)).watching).toBe(false);
  });

  it('answers another person’s notification by its id as one that does not exist, in any spelling, and leaves it unread', async () => {
    const notification = await bobsNotification();
    const unread = (await inbox(bob)).unread;
    const nobody = randomUUID();
    expect((await call('POST', `/api/notifications/${notification.id}/read`, alice)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${nobody}/read`, alice)).statusCode).toBe(404);
    for (const spell of [(id: string) => id.toUpperCase(), (id: string) => ` ${id}`]) {
      const theirs = await call('POST', `/api/notifications/${inPath(spell(notification.id))}/read`, alice);
      const none = await call('POST', `/api/notifications/${inPath(spell(nobody))}/read`, alice);
      // Nothing tells Alice that Bob's notification exists: the same answer as for no notification at all.
      expect(theirs.statusCode).toBe(400);
      expect([theirs.statusCode, theirs.json().code]).toEqual([none.statusCode, none.json().code]);
    }
    expect((await inbox(bob)).unread).toBe(unread);
    expect((await inbox(bob)).items.find((item) => item.id === notification.id)!.readAt).toBeNull();
  });
});

describe('label ids', () => {
  const labelNamed = async (name: string) =>
    ok<Label>('POST', '/api/labels', alice, { name: `${name} ${randomUUID().slice(0, 6)}`, color: 'blue' });
  const stored = async (id: string) => (await ctx.db.select().from(labels).where(eq(labels.id, id)))[0]!;

  it('refuses every other spelling of a label’s id in its path, a task’s labels and the list filter', async () => {
    const label = await labelNamed('Client');
    const task = await taskOf(alice);
    const before = await stored(label.id);
    for (const { raw } of otherForms(label.id)) {
      const path = `/api/labels/${inPath(raw)}`;
      expectRefused(await call('PATCH', path, admin, { name: 'Renommée' }), 'params.id');
      expectRefused(await call('DELETE', path, admin), 'params.id');
      expectRefused(await call('GET', `/api/tasks?label=${inPath(raw)}`, alice), 'querystring.label');
      expectRefused(await call('PATCH', `/api/tasks/${task.id}`, alice, { labels: [raw] }), 'body.labels.0');
    }
    expect(await stored(label.id)).toEqual(before);
    expect((await readTask(task.id)).labels).toEqual([]);
  });

  it('refuses a new label whose client-made id is another label’s in another spelling, and keeps that label', async () => {
    const label = await labelNamed('Fournisseur');
    const before = await stored(label.id);
    for (const { raw } of otherForms(label.id)) {
      const response = await call('POST', '/api/labels', bob, { id: raw, name: 'Prise', color: 'red' });
      expectRefused(response, 'body.id');
    }
    expect(await stored(label.id)).toEqual(before);
    expect(await ctx.db.select().from(labels).where(eq(labels.name, 'Prise'))).toEqual([]);
  });

  it('refuses, in a batch, a label create over another label in upper case and a patch by an upper-case id', async () => {
    const label = await labelNamed('Presse');
    const before = await stored(label.id);
    const answer = await new Device(ctx, bob).ok([
      {
        entity: 'label',
        op: 'upsert',
        id: `tmp-${label.id.toUpperCase()}`,
        data: { name: 'À moi', color: 'red' },
      },
      { entity: 'label', op: 'patch', id: label.id.toUpperCase(), version: 0, data: { name: 'Volée' } },
    ]);
    expect(answer.conflicts).toMatchObject([
      { seq: 1, reason: 'invalid' },
      { seq: 2, reason: 'invalid' },
    ]);
    expect(await stored(label.id)).toEqual(before);
  });
});

describe('sub-task ids', () => {
  it('refuses every other spelling of a parent, in a create, a move and the ?parent= list', async () => {
    const parent = await taskOf(bob, { title: 'La tâche de Bob' });
    const mine = await taskOf(alice);
    for (const { raw } of otherForms(parent.id)) {
      expectRefused(
        await call('POST', '/api/tasks', alice, { title: 'Greffée', project: projectId, parent: raw }),
        'body.parent',
      );
      expectRefused(await call('PATCH', `/api/tasks/${mine.id}`, alice, { parent: raw }), 'body.parent');
      expectRefused(await call('GET', `/api/tasks?parent=${inPath(raw)}`, alice), 'querystring.parent');
    }
    expect(await ok<Task[]>('GET', `/api/tasks?parent=${parent.id}`, bob)).toEqual([]);
    expect(await readTask(mine.id)).toMatchObject({ parent: null, version: mine.version });
  });

  it('refuses a create whose client-made id is another member’s sub-task in another spelling, and keeps it', async () => {
    const parent = await taskOf(bob);
    const subTask = await taskOf(bob, { title: 'L’étape de Bob', parent: parent.id });
    for (const { raw } of otherForms(subTask.id)) {
      const response = await call('POST', '/api/tasks', alice, {
        id: raw,
        title: 'Écrasée',
        project: projectId,
        parent: parent.id,
      });
      expectRefused(response, 'body.id');
    }
    expect(await readTask(subTask.id)).toMatchObject(subTask);
    const written = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.resource, `task:${subTask.id}`));
    expect(written[0]!.count).toBe(1);
  });

  it('refuses, in a batch, a reorder and a delete of another member’s sub-task by an upper-case id', async () => {
    const parent = await taskOf(bob);
    const subTask = await taskOf(bob, { parent: parent.id, position: 1 });
    const answer = await new Device(ctx, alice).ok([
      { id: subTask.id.toUpperCase(), version: subTask.version, data: { position: 99 } },
      { op: 'delete', id: parent.id.toUpperCase(), version: parent.version },
      { op: 'upsert', id: `tmp-${subTask.id.toUpperCase()}`, data: { title: 'x', project: projectId } },
    ]);
    expect(answer.conflicts.map((conflict) => conflict.reason)).toEqual(['invalid', 'invalid', 'invalid']);
    expect(await readTask(subTask.id)).toMatchObject(subTask);
    expect(await readTask(parent.id)).toMatchObject({ version: parent.version });
  });

  it('refuses a delete or a restore by any other spelling, and the family stays as it was', async () => {
    const parent = await taskOf(alice);
    const subTask = await taskOf(alice, { parent: parent.id });
    for (const { raw } of otherForms(parent.id))
      expectRefused(await call('DELETE', `/api/tasks/${inPath(raw)}`, alice), 'params.id');
    expect(await readTask(subTask.id)).toMatchObject(subTask);

    await ok('DELETE', `/api/tasks/${parent.id}`, alice);
    for (const { raw } of otherForms(parent.id))
      expectRefused(await call('POST', `/api/tasks/${inPath(raw)}/restore`, alice), 'params.id');
    expect((await call('GET', `/api/tasks/${subTask.id}`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/api/tasks/${parent.id}`, alice)).statusCode).toBe(404);
  });
});

describe('import files holding text the database cannot store', () => {
  const send = (fileName: string, content: Buffer, fields: Record<string, string>) => {
    const { payload, headers } = multipartBody(fileName, content, { fields });
    return inject(ctx.app, {
      method: 'POST',
      url: '/api/admin/import',
      token: admin.token,
      payload,
      headers,
    });
  };
  const trello = (cardName: string, boardName: string) =>
    Buffer.from(
      // Written as JSON text: `\\u0000` and `\\ud800` are the file's own escapes.
      `{"id":"b1","name":"${boardName}","closed":false,"lists":[{"id":"l1","name":"À faire","closed":false}],` +
        `"cards":[{"id":"c1","name":"Première carte","desc":"","idList":"l1","closed":false,"idLabels":[],"idMembers":[]},` +
        `{"id":"c2","name":"${cardName}","desc":"","idList":"l1","closed":false,"idLabels":[],"idMembers":[]}],` +
        `"labels":[],"members":[],"actions":[]}`,
    );
  const counts = async () => ({
    projects: (await ctx.db.select({ count: sql<number>`count(*)::int` }).from(projects))[0]!.count,
    tasks: (await ctx.db.select({ count: sql<number>`count(*)::int` }).from(tasks))[0]!.count,
    labels: (await ctx.db.select({ count: sql<number>`count(*)::int` }).from(labels))[0]!.count,
  });

  it('imports a board whose card title holds NUL and a lone surrogate, and its name a lone surrogate, cleaned as documented', async () => {
    const before = await counts();
    const response = await send('board.json', trello('Carte\\u0000\\ud800 cassée', 'Tableau \\udfff'), {
      format: 'trello',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.created).toBe(2);
    const [project] = await ctx.db
      .select()
      .from(projects)
      .where(eq(projects.id, response.json().data.projectId));
    expect(project!.name).toBe('Tableau \uFFFD');
    const imported = await ctx.db.select().from(tasks).where(eq(tasks.projectId, project!.id));
    expect(imported.map((task) => task.title).sort()).toEqual(['Carte \uFFFD cassée', 'Première carte']);
    expect(await counts()).toEqual({ ...before, projects: before.projects + 1, tasks: before.tasks + 2 });
  });

  it('imports a CSV title holding NUL bytes cleaned, as documented: the control characters become spaces', async () => {
    const csv = Buffer.from('titre;description\r\nRéserver\u0000le\u0000camion;Avant\u0000jeudi\r\n', 'utf8');
    const target = await ok<{ id: string }>('POST', '/api/projects', admin, {
      name: 'Déménagement',
      description: '',
      deadline: '2027-03-31T12:00:00Z',
    });
    const response = await send('nul.csv', csv, { format: 'csv', projectId: target.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.created).toBe(1);
    const [imported] = await ctx.db.select().from(tasks).where(eq(tasks.projectId, target.id));
    expect([imported!.title, imported!.description]).toEqual(['Réserver le camion', 'Avantjeudi']);
  });
});
