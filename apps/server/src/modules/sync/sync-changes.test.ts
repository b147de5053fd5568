import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SYNC_ENTITIES, type SyncChangesPage, type SyncEntity } from '@jalon/contract';
import { changeCounter } from '../../db/schema.ts';
import { inject } from '../../test/test-app.ts';
import { Device, openSyncBed, real, tmp, type SyncBed } from '../../test/sync/sync-test-kit.ts';

// Alice owns the bed's project; Bob is another member.
let bed: SyncBed;
beforeAll(async () => void (bed = await openSyncBed('Une lecture')));
afterAll(() => bed.ctx.close());

type Page = SyncChangesPage & { lastSeq?: number | null };

async function changes(query: Record<string, string>, token = bed.alice.token): Promise<Page> {
  const search = new URLSearchParams(query).toString();
  const response = await inject(bed.ctx.app, { method: 'GET', url: `/api/sync/changes?${search}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
}
const cursorNow = async () => (await changes({})).cursor;
const idsOf = (page: Page, entity: SyncEntity) => page.data[entity].map((row) => row.id);

/** Follows `hasMore` from a cursor to the end, each kind's ids in the order they came. */
async function readAll(since: string, limit: number) {
  const seen = Object.fromEntries(SYNC_ENTITIES.map((entity) => [entity, [] as string[]]));
  let cursor = since;
  for (let pages = 1; pages <= 50; pages++) {
    const page = await changes({ since: cursor, limit: String(limit) });
    for (const entity of SYNC_ENTITIES) seen[entity]!.push(...idsOf(page, entity));
    cursor = page.cursor;
    if (!page.hasMore) return { seen, pages };
  }
  throw new Error('the catch-up read never ended');
}

describe('the single catch-up read', () => {
  it("answers every kind's changes past the cursor in one page, as each kind's own route, with the device's lastSeq", async () => {
    const device = new Device(bed.ctx, bed.alice);
    const since = await cursorNow();
    const task = tmp();
    const label = tmp();
    const comment = tmp();
    await device.ok([
      {
        entity: 'label',
        op: 'upsert',
        id: label,
        data: { name: `Urgent ${label.slice(4, 12)}`, color: 'red' },
      },
      { op: 'upsert', id: task, data: { title: 'Relire', project: bed.projectId, labels: [label] } },
      { entity: 'comment', op: 'upsert', id: comment, data: { taskId: task, body: 'Fait.' } },
    ]);

    const page = await changes({ since, clientId: device.clientId });
    expect(idsOf(page, 'label')).toEqual([real(label)]);
    expect(idsOf(page, 'task')).toEqual([real(task)]);
    expect(idsOf(page, 'comment')).toEqual([real(comment)]);
    // The task's project counts it: the project changed in the same transaction.
    expect(idsOf(page, 'project')).toEqual([bed.projectId]);
    expect(page).toMatchObject({ hasMore: false, resetRequired: false, lastSeq: 3 });
    const routes = {
      project: '/api/projects',
      label: '/api/labels',
      task: '/api/tasks',
      comment: '/api/comments',
    };
    for (const entity of SYNC_ENTITIES) {
      const url = `${routes[entity]}?since=${encodeURIComponent(since)}`;
      const own = (await inject(bed.ctx.app, { method: 'GET', url, token: bed.alice.token })).json();
      expect(page.data[entity], entity).toEqual(own.data);
      expect(own.cursor, entity).toBe(page.cursor);
    }

    const after = await changes({ since: page.cursor, clientId: device.clientId });
    expect(after.data).toEqual({ project: [], label: [], task: [], comment: [] });
    expect(after.cursor).toBe(page.cursor);
    // Another person naming this device learns nothing of it.
    expect((await changes({ since, clientId: device.clientId }, bed.bob.token)).lastSeq).toBeNull();
  });

  it('pages with one cursor: a page ends where a kind has more, and every row comes exactly once', async () => {
    const since = await cursorNow();
    const tasks = Array.from({ length: 7 }, () => tmp());
    const labels = Array.from({ length: 3 }, () => tmp());
    const device = new Device(bed.ctx, bed.alice);
    await device.ok(
      labels.map((id) => ({ entity: 'label', op: 'upsert', id, data: { name: id, color: 'blue' } })),
    );
    await device.ok(
      tasks.map((id, index) => ({
        op: 'upsert',
        id,
        data: { title: `Lot ${index}`, project: bed.projectId },
      })),
    );
    await device.ok(
      tasks
        .slice(0, 5)
        .map((taskId) => ({ entity: 'comment', op: 'upsert', id: tmp(), data: { taskId, body: 'Vu' } })),
    );

    const { seen, pages } = await readAll(since, 2);
    expect(seen.task!.sort()).toEqual(tasks.map(real).sort());
    expect(seen.label!.sort()).toEqual(labels.map(real).sort());
    expect(seen.comment).toHaveLength(5);
    expect(new Set(seen.comment).size).toBe(5);
    expect(seen.project).toEqual([bed.projectId]);
    // Never more than two of a kind at once: at least the seven tasks' four pages.
    expect(pages).toBeGreaterThanOrEqual(4);
  });

  it('reads everything from the start of the log without a cursor, tombstones included', async () => {
    const gone = (
      await inject(bed.ctx.app, {
        method: 'POST',
        url: '/api/tasks',
        token: bed.alice.token,
        payload: { title: 'Éphémère', project: bed.projectId },
      })
    ).json().data.id as string;
    await inject(bed.ctx.app, { method: 'DELETE', url: `/api/tasks/${gone}`, token: bed.alice.token });
    const everything = await changes({});
    expect(everything.hasMore).toBe(false);
    expect(everything.data.task.find((task) => task.id === gone)?.deletedAt).toEqual(expect.any(String));
    expect(idsOf(everything, 'project')).toContain(bed.projectId);
  });

  it('asks for a reset for a cursor below the horizon or not issued here, with every kind empty', async () => {
    const old = await cursorNow();
    await inject(bed.ctx.app, {
      method: 'POST',
      url: '/api/labels',
      token: bed.alice.token,
      payload: { name: 'Horizon', color: 'gray' },
    });
    const [counter] = await bed.ctx.db.select().from(changeCounter);
    await bed.ctx.db.update(changeCounter).set({ horizon: counter!.value }).where(eq(changeCounter.id, 1));
    try {
      const reset = await changes({ since: old });
      expect(reset).toMatchObject({ resetRequired: true, hasMore: false });
      expect(reset.data).toEqual({ project: [], label: [], task: [], comment: [] });
      expect((await changes({ since: reset.cursor })).resetRequired).toBe(false);
    } finally {
      await bed.ctx.db
        .update(changeCounter)
        .set({ horizon: counter!.horizon })
        .where(eq(changeCounter.id, 1));
    }
    expect((await changes({ since: '1..forgedforgedforgedfo' })).resetRequired).toBe(true);
    const refused = await inject(bed.ctx.app, {
      method: 'GET',
      url: '/api/sync/changes?since=x&other=1',
      token: bed.alice.token,
    });
    expect(refused.statusCode).toBe(400);
  });

  it("keeps each kind's visibility: a deleted task's comments never come, permissions are the reader's", async () => {
    const since = await cursorNow();
    const device = new Device(bed.ctx, bed.alice);
    const task = tmp();
    const comment = tmp();
    await device.ok([
      { op: 'upsert', id: task, data: { title: 'Bientôt supprimée', project: bed.projectId } },
      { entity: 'comment', op: 'upsert', id: comment, data: { taskId: task, body: 'Sous la tâche' } },
    ]);
    const kept = tmp();
    await device.ok([{ op: 'upsert', id: kept, data: { title: 'Gardée', project: bed.projectId } }]);

    const live = await changes({ since }, bed.bob.token);
    expect(idsOf(live, 'comment')).toEqual([real(comment)]);
    // Alice made the task and owns the project; Bob, a member, may not delete it.
    const forBob = live.data.task.find((row) => row.id === real(kept))!;
    const forAlice = (await changes({ since })).data.task.find((row) => row.id === real(kept))!;
    expect([forBob.permissions.canDelete, forAlice.permissions.canDelete]).toEqual([false, true]);

    await inject(bed.ctx.app, { method: 'DELETE', url: `/api/tasks/${real(task)}`, token: bed.alice.token });
    for (const token of [bed.alice.token, bed.bob.token]) {
      const page = await changes({ since }, token);
      expect(idsOf(page, 'comment')).toEqual([]);
      expect(page.data.task.find((row) => row.id === real(task))?.deletedAt).toEqual(expect.any(String));
    }
  });

  it('is refused without a session', async () => {
    const response = await inject(bed.ctx.app, { method: 'GET', url: '/api/sync/changes' });
    expect(response.statusCode).toBe(401);
  });
});
