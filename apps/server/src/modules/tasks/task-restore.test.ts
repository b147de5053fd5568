import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhooks } from '../../db/schema.ts';
import { TombstonePurge } from '../sync/tombstone-purge.ts';
import { createTestContext, inject, signIn, signInAdmin, type TestContext } from '../../test/test-app.ts';

// Issues 35 and 37: a deleted task comes back with what went with it, its sub-tasks deleted in the same
// change, its comments and files (only hidden), for whoever may delete it, until its tombstone is purged.

let ctx: TestContext;
let alice: { token: string; user: { id: string } };
let bob: { token: string; user: { id: string } };
let admin: { token: string; user: { id: string } };
let projectId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signIn(ctx);
  bob = await signIn(ctx);
  admin = await signInAdmin(ctx);
  projectId = await project();
});
afterAll(() => ctx.close());

type Who = { token: string };
function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who: Who = alice) {
  return inject(ctx.app, { method, url, token: who.token, payload: payload as Record<string, unknown> });
}
type Task = {
  id: string;
  parent: string | null;
  labels: string[];
  version: number;
  deletedAt: string | null;
};
async function project(): Promise<string> {
  const response = await call('POST', '/api/projects', {
    name: `Salon ${randomUUID()}`,
    description: 'Stand',
    deadline: '2027-01-31T23:59:59.999Z',
  });
  return response.json().data.id as string;
}
async function task(fields: Record<string, unknown> = {}): Promise<Task> {
  const response = await call('POST', '/api/tasks', {
    title: 'Monter le stand',
    project: projectId,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Task;
}
const restore = (id: string, who: Who = alice) => call('POST', `/api/tasks/${id}/restore`, undefined, who);
const remove = async (id: string) => expect((await call('DELETE', `/api/tasks/${id}`)).statusCode).toBe(200);
const cursorNow = async () => (await call('GET', '/api/tasks?limit=1')).json().cursor as string;
const taskCount = async () =>
  ((await call('GET', `/api/projects/${projectId}`)).json().data as { taskCount: number }).taskCount;

describe('restoring a deleted task', () => {
  it('brings back the task, the sub-tasks deleted with it, its comments and its counts, audited as restored', async () => {
    const parent = await task();
    const steps = [await task({ parent: parent.id }), await task({ parent: parent.id })];
    const comment = await call('POST', `/api/tasks/${parent.id}/comments`, { body: 'Le devis est signé.' });
    expect(comment.statusCode).toBe(201);
    const before = await taskCount();
    await remove(parent.id);
    expect(await taskCount()).toBe(before - 3);

    const restored = await restore(parent.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({
      id: parent.id,
      deletedAt: null,
      version: parent.version + 2,
    });
    for (const step of steps) expect((await call('GET', `/api/tasks/${step.id}`)).statusCode).toBe(200);
    const thread = (await call('GET', `/api/tasks/${parent.id}/comments`)).json().data.items as Array<{
      body: string;
    }>;
    expect(thread.map((item) => item.body)).toEqual(['Le devis est signé.']);
    expect(await taskCount()).toBe(before);

    const history = (await call('GET', `/api/tasks/${parent.id}/activity`)).json().data.items as Array<{
      kind: string;
    }>;
    expect(history.slice(0, 2).map((entry) => entry.kind)).toEqual(['restored', 'deleted']);
  });

  it('sends it all again to a device that was offline across the delete and the restore', async () => {
    const parent = await task();
    const step = await task({ parent: parent.id });
    await call('POST', `/api/tasks/${parent.id}/comments`, { body: 'Vu avec le client.' });
    await call('POST', `/api/tasks/${step.id}/comments`, { body: 'Commandé.' });
    // The device's last pull: it has the comments already, unchanged since.
    const since = encodeURIComponent(await cursorNow());
    await remove(parent.id);
    expect((await restore(parent.id)).statusCode).toBe(200);

    const changedTasks = (await call('GET', `/api/tasks?since=${since}`)).json().data as Task[];
    expect(changedTasks.filter((item) => [parent.id, step.id].includes(item.id))).toHaveLength(2);
    expect(changedTasks.every((item) => item.deletedAt === null)).toBe(true);
    const changedComments = (await call('GET', `/api/comments?since=${since}`)).json().data as Array<{
      body: string;
    }>;
    expect(changedComments.map((item) => item.body).sort()).toEqual(['Commandé.', 'Vu avec le client.']);
  });

  it('leaves a sub-task deleted on its own before its parent deleted', async () => {
    const parent = await task();
    const alone = await task({ parent: parent.id });
    const withIt = await task({ parent: parent.id });
    await remove(alone.id);
    await remove(parent.id);
    expect((await restore(parent.id)).statusCode).toBe(200);
    expect((await call('GET', `/api/tasks/${withIt.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/tasks/${alone.id}`)).statusCode).toBe(404);
    // That one comes back on its own, under its live parent.
    expect((await restore(alone.id)).json().data).toMatchObject({ parent: parent.id, deletedAt: null });
  });

  it('refuses a sub-task whose parent is still deleted, naming parent', async () => {
    const parent = await task();
    const step = await task({ parent: parent.id });
    await remove(parent.id);
    const refused = await restore(step.id);
    expect([refused.statusCode, refused.json().errors?.[0]?.path]).toEqual([400, 'parent']);
  });

  it('keeps the labels still there and drops those deleted since', async () => {
    const label = async (name: string) =>
      (await call('POST', '/api/labels', { name, color: 'blue' })).json().data as {
        id: string;
        version: number;
      };
    const [kept, gone] = [
      await label(`Client ${randomUUID().slice(0, 8)}`),
      await label(`Urgent ${randomUUID().slice(0, 8)}`),
    ];
    const labelled = await task({ labels: [kept.id, gone.id] });
    await remove(labelled.id);
    const deleted = await call('DELETE', `/api/labels/${gone.id}`, undefined, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await restore(labelled.id)).json().data.labels).toEqual([kept.id]);
  });

  it('queues a task.restored webhook delivery with the task as the API answers it', async () => {
    const [hook] = await ctx.db
      .insert(webhooks)
      .values({
        url: 'http://127.0.0.1:9/hook',
        events: ['task.restored'],
        secret: ctx.app.ctx.secretBox.seal('whsec_AAAA'),
      })
      .returning();
    const deletedThenRestored = await task();
    await remove(deletedThenRestored.id);
    expect((await restore(deletedThenRestored.id)).statusCode).toBe(200);
    const deliveries = await ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook!.id));
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['task.restored']);
    expect(JSON.parse(deliveries[0]!.body).data).toMatchObject({
      id: deletedThenRestored.id,
      deletedAt: null,
    });
    await ctx.db.delete(webhooks).where(eq(webhooks.id, hook!.id));
  });

  it('answers a live task as it is, and 404 for an unknown one', async () => {
    const live = await task();
    const again = await restore(live.id);
    expect([again.statusCode, again.json().data.version]).toEqual([200, live.version]);
    expect((await restore(randomUUID())).statusCode).toBe(404);
  });

  it('is for whoever may delete it: 403 for another member, 200 for an administrator', async () => {
    const mine = await task();
    await remove(mine.id);
    expect((await restore(mine.id, bob)).statusCode).toBe(403);
    expect((await restore(mine.id, admin)).statusCode).toBe(200);
  });

  it('refuses a task whose project was deleted, naming project', async () => {
    const other = await project();
    const orphan = await task({ project: other });
    expect((await call('DELETE', `/api/projects/${other}`)).statusCode).toBe(200);
    const refused = await restore(orphan.id);
    expect([refused.statusCode, refused.json().errors?.[0]?.path]).toEqual([400, 'project']);
  });

  it('is 404 once the tombstone is purged', async () => {
    const old = await task();
    await remove(old.id);
    await ctx.db.execute(sql`update tasks set deleted_at = now() - interval '31 days' where id = ${old.id}`);
    await new TombstonePurge(ctx.db, 30).runOnce();
    expect((await restore(old.id)).statusCode).toBe(404);
  });
});
