import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotificationList } from '@jalon/contract';
import { outboxJobs, tasks, users } from '../../db/schema.ts';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';
import { Device, tmp } from '../../test/sync/sync-test-kit.ts';
import { NOTIFICATION_MAIL_JOB } from './notification-mail.ts';

// Who is told what (issue 36), through REST and sync batches alike: each type, never the actor, never a
// deactivated member, never of a task nobody may see any more; grouping; the inbox and its read marks;
// following a task; the e-mail preference.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof signIn>>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  member: Member | null,
  payload?: Record<string, unknown>,
) => inject(ctx.app, { method, url, token: member?.token, payload });

async function ok(
  method: Parameters<typeof call>[0],
  url: string,
  member: Member,
  payload?: Record<string, unknown>,
) {
  const response = await call(method, url, member, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

async function taskOf(member: Member, data: Record<string, unknown> = {}) {
  const project = await ok('POST', '/api/projects', member, {
    name: 'Salon du livre',
    description: 'd',
    deadline: '2027-03-31T12:00:00Z',
  });
  return (await ok('POST', '/api/tasks', member, {
    title: 'Imprimer les kakémonos',
    project: project.id,
    ...data,
  })) as { id: string; project: string; version: number };
}

const inbox = async (member: Member, query = ''): Promise<NotificationList> =>
  (await ok('GET', `/api/notifications${query}`, member)) as NotificationList;
const kinds = async (member: Member) =>
  (await inbox(member)).items.map((item: Notification) => [item.type, item.actor?.username ?? null]);

let people = 0;
/** Members named after the story, each name once in the file's database (names are unique). */
const team = async <Names extends string[]>(...names: Names) =>
  (await Promise.all(names.map((name) => signIn(ctx, { username: `${name} ${++people}` })))) as {
    [K in keyof Names]: Member;
  };
const nameOf = (member: Member) => member.user.username;

describe('who is told what', () => {
  it('tells the assignee, never the actor', async () => {
    const [camille, bob] = await team('Camille Martin', 'Bob');
    const task = await taskOf(camille, { assignee: bob.user.id });
    const items = (await inbox(bob)).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'assigned',
      task: { id: task.id, title: 'Imprimer les kakémonos', projectId: task.project },
      actor: { id: camille.user.id, username: nameOf(camille) },
      commentId: null,
      readAt: null,
    });
    expect(await kinds(camille)).toEqual([]);
    // Assigning oneself tells nobody.
    await taskOf(bob, { assignee: bob.user.id });
    expect((await inbox(bob)).items).toHaveLength(1);
  });

  it('tells the watchers of a comment, and the people it mentions that they were', async () => {
    const [alice, bob, chloe, david] = await team('Alice', 'Bob', 'Chloé', 'David');
    const task = await taskOf(alice, { assignee: bob.user.id });
    await ok('POST', '/api/notifications/read-all', bob);
    const comment = await ok('POST', `/api/tasks/${task.id}/comments`, chloe, {
      body: `Vu avec <@${david.user.id}>, c'est bon.`,
    });
    // Alice (creator) and Bob (assignee) watch it; David is mentioned; Chloé wrote it.
    for (const watcher of [alice, bob])
      expect((await inbox(watcher, '?unread=true')).items.map((item) => [item.type, item.commentId])).toEqual(
        [['commented', comment.id]],
      );
    expect((await inbox(david)).items.map((item) => [item.type, item.commentId])).toEqual([
      ['mentioned', comment.id],
    ]);
    expect(await kinds(chloe)).toEqual([]);
    // Chloé and David now watch it: Bob's answer tells them.
    await ok('POST', `/api/tasks/${task.id}/comments`, bob, { body: 'Merci !' });
    expect((await inbox(chloe)).items.map((item) => item.type)).toEqual(['commented']);
  });

  it('tells whoever a description newly mentions, once', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    const task = await taskOf(alice);
    await ok('PATCH', `/api/tasks/${task.id}`, alice, { description: `Demander à <@${bob.user.id}>` });
    await ok('PATCH', `/api/tasks/${task.id}`, alice, { description: `Demander à <@${bob.user.id}> vite` });
    expect(await kinds(bob)).toEqual([['mentioned', nameOf(alice)]]);
  });

  it('tells the watchers of a status change, through a sync batch as through REST', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    const task = await taskOf(alice);
    await ok('PUT', `/api/tasks/${task.id}/watch`, bob);
    const device = new Device(ctx, bob);
    const answer = await device.send([
      { id: task.id, version: task.version, data: { status: 'in_progress' } },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await kinds(alice)).toEqual([['status_changed', nameOf(bob)]]);
    expect(await kinds(bob)).toEqual([]);
  });

  it('tells a deactivated member nothing', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    await ctx.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, bob.user.id));
    const task = await taskOf(alice, { assignee: bob.user.id });
    await ok('POST', `/api/tasks/${task.id}/comments`, alice, { body: `<@${bob.user.id}> ?` });
    const count = await ctx.db.execute<{ count: number }>(
      sql`select count(*)::int as count from notifications where recipient_id = ${bob.user.id}::uuid`,
    );
    expect(count.rows[0]!.count).toBe(0);
  });

  it('never tells of a task nobody may see any more: a deleted task leaves the inbox and its count', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    const task = await taskOf(alice, { assignee: bob.user.id });
    expect((await inbox(bob)).unread).toBe(1);
    await ok('DELETE', `/api/tasks/${task.id}`, alice);
    expect(await inbox(bob)).toEqual({ items: [], unread: 0, next: null });
  });

  it('makes one notification of one person’s changes to a task within ten minutes', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    const task = await taskOf(alice);
    await ok('PUT', `/api/tasks/${task.id}/watch`, bob);
    await ok('PATCH', `/api/tasks/${task.id}`, alice, { status: 'in_progress' });
    await ok('PATCH', `/api/tasks/${task.id}`, alice, { status: 'review' });
    const comment = await ok('POST', `/api/tasks/${task.id}/comments`, alice, { body: 'Prêt à relire' });
    // The more telling type stays: the comment over the status.
    expect((await inbox(bob)).items.map((item) => [item.type, item.commentId])).toEqual([
      ['commented', comment.id],
    ]);
    // Once read, the next change is a new notification; so is one from someone else.
    await ok('POST', '/api/notifications/read-all', bob);
    await ok('PATCH', `/api/tasks/${task.id}`, alice, { status: 'done' });
    const [chloe] = await team('Chloé');
    await ok('POST', `/api/tasks/${task.id}/comments`, chloe, { body: 'Bravo' });
    expect(await kinds(bob)).toEqual([
      ['commented', nameOf(chloe)],
      ['status_changed', nameOf(alice)],
      ['commented', nameOf(alice)],
    ]);
    // Ten minutes after the first change, a change is a notification of its own.
    await ctx.db.execute(
      sql`update notifications set created_at = created_at - interval '11 minutes' where recipient_id = ${bob.user.id}::uuid`,
    );
    await ok('PATCH', `/api/tasks/${task.id}`, chloe, { status: 'review' });
    expect(await kinds(bob)).toEqual([
      ['status_changed', nameOf(chloe)],
      ['commented', nameOf(chloe)],
      ['status_changed', nameOf(alice)],
      ['commented', nameOf(alice)],
    ]);
  });
});

describe('the inbox', () => {
  it('pages newest first with before, counts the unread, and marks read one or all', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    const made = [];
    for (let index = 0; index < 3; index++) made.push((await taskOf(alice, { assignee: bob.user.id })).id);
    const first = await inbox(bob, '?limit=2');
    expect(first.items.map((item) => item.task.id)).toEqual([made[2], made[1]]);
    expect(first.unread).toBe(3);
    const second = await inbox(bob, `?limit=2&before=${first.next}`);
    expect(second.items.map((item) => item.task.id)).toEqual([made[0]]);
    expect(second.next).toBeNull();

    expect(await ok('POST', `/api/notifications/${first.items[0]!.id}/read`, bob)).toEqual({ unread: 2 });
    // Again: nothing changes.
    expect(await ok('POST', `/api/notifications/${first.items[0]!.id}/read`, bob)).toEqual({ unread: 2 });
    const unread = await inbox(bob, '?unread=true');
    expect(unread.items.map((item) => item.task.id)).toEqual([made[1], made[0]]);
    expect((await inbox(bob)).items[0]!.readAt).not.toBeNull();
    expect(await ok('POST', '/api/notifications/read-all', bob)).toEqual({ unread: 0 });
    expect((await inbox(bob, '?unread=true')).items).toEqual([]);
  });

  it('answers 404 for another person’s notification, and leaves it unread', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    await taskOf(alice, { assignee: bob.user.id });
    const [notification] = (await inbox(bob)).items;
    const response = await call('POST', `/api/notifications/${notification!.id}/read`, alice);
    expect(response.statusCode).toBe(404);
    expect((await inbox(bob)).unread).toBe(1);
    expect((await call('GET', '/api/notifications', null)).statusCode).toBe(401);
  });
});

describe('following a task', () => {
  it('answers watching on the task; an unfollow stays, even after commenting again', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    const task = await taskOf(alice);
    expect((await ok('GET', `/api/tasks/${task.id}`, alice)).watching).toBe(true);
    expect((await ok('GET', `/api/tasks/${task.id}`, bob)).watching).toBe(false);
    expect(await ok('DELETE', `/api/tasks/${task.id}/watch`, alice)).toEqual({ watching: false });
    await ok('POST', `/api/tasks/${task.id}/comments`, alice, { body: 'Je passe la main' });
    await ok('POST', `/api/tasks/${task.id}/comments`, bob, { body: 'Je prends' });
    expect(await kinds(alice)).toEqual([]);
    expect((await ok('GET', `/api/tasks/${task.id}`, alice)).watching).toBe(false);
    expect(await ok('PUT', `/api/tasks/${task.id}/watch`, alice)).toEqual({ watching: true });
    await ok('POST', `/api/tasks/${task.id}/comments`, bob, { body: 'Fait' });
    expect(await kinds(alice)).toEqual([['commented', nameOf(bob)]]);
  });

  it('answers 404 for a task that is not there', async () => {
    const [alice] = await team('Alice');
    const task = await taskOf(alice);
    await ok('DELETE', `/api/tasks/${task.id}`, alice);
    expect((await call('PUT', `/api/tasks/${task.id}/watch`, alice)).statusCode).toBe(404);
  });
});

describe('the e-mail preference', () => {
  it('is the daily digest by default; immediate queues the mail with the notification, off nothing', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    expect(await ok('GET', '/api/me/notification-preferences', bob)).toEqual({ email: 'daily' });
    const jobs = async () =>
      (await ctx.db.select().from(outboxJobs).where(eq(outboxJobs.kind, NOTIFICATION_MAIL_JOB))).length;
    const before = await jobs();
    await taskOf(alice, { assignee: bob.user.id });
    expect(await jobs()).toBe(before);
    expect(await ok('PUT', '/api/me/notification-preferences', bob, { email: 'immediate' })).toEqual({
      email: 'immediate',
    });
    await taskOf(alice, { assignee: bob.user.id });
    expect(await jobs()).toBe(before + 1);
    await ok('PUT', '/api/me/notification-preferences', bob, { email: 'off' });
    await taskOf(alice, { assignee: bob.user.id });
    expect(await jobs()).toBe(before + 1);
    expect((await call('PUT', '/api/me/notification-preferences', bob, { email: 'weekly' })).statusCode).toBe(
      400,
    );
  });
});

describe('a batch of one device', () => {
  it('writes its task and comment, and its watchers, in one change', async () => {
    const [alice, bob] = await team('Alice', 'Bob');
    const project = (await taskOf(alice)).project;
    const taskId = tmp();
    const answer = await new Device(ctx, alice).send([
      {
        entity: 'task',
        op: 'upsert',
        id: taskId,
        data: { title: 'Affiches', project, assignee: bob.user.id },
      },
      { entity: 'comment', op: 'upsert', id: tmp(), data: { taskId, body: `Pour <@${bob.user.id}>` } },
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    // Assigned and mentioned by one person in one change: one notification, the mention.
    expect(await kinds(bob)).toEqual([['mentioned', nameOf(alice)]]);
    const [row] = await ctx.db
      .select()
      .from(tasks)
      .where(eq(tasks.id, taskId.slice(4)));
    expect(row).toBeDefined();
  });
});
