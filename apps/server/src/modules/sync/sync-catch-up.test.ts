import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.ts';
import { changeCounter, tasks } from '../../db/schema.ts';
import { inject } from '../../test/test-app.ts';
import { nextChangeSeq, renewDatabaseEpoch } from '../changes/change-log.ts';
import { Device, openSyncBed, real, tmp, type SyncBed } from '../../test/sync/sync-test-kit.ts';
import { TombstonePurge } from './tombstone-purge.ts';

let ctx: SyncBed['ctx'];
let alice: SyncBed['alice'];
let bob: SyncBed['bob'];
let projectId: string;

beforeAll(async () => void ({ ctx, alice, bob, projectId } = await openSyncBed('Rattrapage')));
afterAll(() => ctx.close());

function get(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  token = alice.token,
) {
  return inject(ctx.app, { method, url, token, payload });
}
const cursorNow = async () => (await get('GET', '/api/tasks?limit=1')).json().cursor as string;
const tasksSince = async (cursor: string, extra = '') =>
  (await get('GET', `/api/tasks?since=${encodeURIComponent(cursor)}${extra}`)).json();

describe('catch-up reads', () => {
  it('carry the reading device’s lastSeq, for tasks and projects, and only for its own user', async () => {
    const device = new Device(ctx, alice);
    const cursor = await cursorNow();
    await device.ok([
      { op: 'upsert', id: tmp(), data: { title: 'Un', project: projectId } },
      { op: 'upsert', id: tmp(), data: { title: 'Deux', project: projectId } },
    ]);
    expect((await tasksSince(cursor, `&clientId=${device.clientId}`)).lastSeq).toBe(2);
    expect(
      (
        await get('GET', `/api/projects?since=${encodeURIComponent(cursor)}&clientId=${device.clientId}`)
      ).json().lastSeq,
    ).toBe(2);
    const asBob = await inject(ctx.app, {
      method: 'GET',
      url: `/api/tasks?since=${encodeURIComponent(cursor)}&clientId=${device.clientId}`,
      token: bob.token,
    });
    expect(asBob.json().lastSeq).toBeNull();
    expect((await tasksSince(cursor)).lastSeq).toBeUndefined();
  });

  it('refuses since together with projectId', async () => {
    const response = await get(
      'GET',
      `/api/tasks?since=${encodeURIComponent(await cursorNow())}&projectId=${projectId}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'projectId', message: 'not with since' }]);
  });

  it('pages through many rows of one change sequence, each exactly once', async () => {
    const cursor = await cursorNow();
    const ids = Array.from({ length: 23 }, () => tmp());
    const answer = await new Device(ctx, alice).ok(
      ids.map((id, index) => ({
        op: 'upsert' as const,
        id,
        data: { title: `Lot ${index}`, project: projectId },
      })),
    );
    expect(answer.applied).toHaveLength(23);
    const seen: string[] = [];
    let next = cursor;
    for (let page = 0; page < 10; page++) {
      const body = await tasksSince(next, '&limit=5');
      seen.push(...body.data.map((task: { id: string }) => task.id));
      next = body.cursor;
      if (!body.hasMore) break;
    }
    expect(seen.sort()).toEqual(ids.map(real).sort());
  });

  it('asks for a reset once tombstones past the horizon are purged, and serves the cursors after it', async () => {
    const task = (await get('POST', '/api/tasks', { title: 'Éphémère', project: projectId })).json().data;
    const before = await cursorNow();
    await get('DELETE', `/api/tasks/${task.id}`);
    const after = await cursorNow();
    await ctx.db
      .update(tasks)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(eq(tasks.id, task.id));

    const { purged, horizon } = await new TombstonePurge(ctx.db, 30).runOnce();
    expect(purged).toBeGreaterThanOrEqual(1);
    expect((await ctx.db.select().from(tasks).where(eq(tasks.id, task.id))).length).toBe(0);
    const [counter] = await ctx.db.select().from(changeCounter);
    expect(counter!.horizon).toBe(horizon);

    expect(await tasksSince(before)).toMatchObject({ resetRequired: true, data: [] });
    expect(await tasksSince(after)).toMatchObject({ resetRequired: false });
    expect((await get('GET', `/api/projects?since=${encodeURIComponent(before)}`)).json()).toMatchObject({
      resetRequired: true,
    });
  });

  it('never skips a writer that commits after a later batch (real parallel connections on PostgreSQL)', async () => {
    const a = (await get('POST', '/api/tasks', { title: 'A avant', project: projectId })).json().data;
    const b = (await get('POST', '/api/tasks', { title: 'B avant', project: projectId })).json().data;
    const start = await cursorNow();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const hasSeq = new Promise<void>((resolve) => (started = resolve));
    // A writer takes its change sequence first, then waits before writing A and committing.
    const writer = ctx.db.transaction(async (tx) => {
      const changeSeq = await nextChangeSeq(tx);
      started();
      await held;
      await tx.update(tasks).set({ title: 'A après', changeSeq, version: 1 }).where(eq(tasks.id, a.id));
    });
    await hasSeq;
    // A device's batch and another device's pull arrive while the writer is open.
    const batch = new Device(ctx, bob).send([
      { id: b.id, version: 0, data: { title: 'B après' }, base: { title: 'B avant' } },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const middle = tasksSince(start);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await writer;
    expect((await batch).statusCode).toBe(200);
    // Whatever the middle pull saw, the pull after it brings what it missed: nothing is skipped.
    const first = await middle;
    const titles = new Map<string, string>(
      first.data.map((row: { id: string; title: string }) => [row.id, row.title]),
    );
    for (const row of (await tasksSince(first.cursor)).data) titles.set(row.id, row.title);
    expect(titles.get(a.id)).toBe('A après');
    expect(titles.get(b.id)).toBe('B après');
  });

  it('asks for a reset after a restore: cursors of another database epoch are refused', async () => {
    const cursor = await cursorNow();
    await renewDatabaseEpoch(ctx.db);
    // The server is started again on the restored database.
    const restarted = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailTransport: { deliver: async () => {} },
    });
    try {
      const response = await inject(restarted, {
        method: 'GET',
        url: `/api/tasks?since=${encodeURIComponent(cursor)}`,
        token: alice.token,
      });
      expect(response.json()).toMatchObject({ resetRequired: true });
      const fresh = (
        await inject(restarted, { method: 'GET', url: '/api/tasks?limit=1', token: alice.token })
      ).json().cursor;
      expect(
        (
          await inject(restarted, {
            method: 'GET',
            url: `/api/tasks?since=${encodeURIComponent(fresh)}`,
            token: alice.token,
          })
        ).json().resetRequired,
      ).toBe(false);
    } finally {
      await restarted.close();
    }
  });
});
