import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema.ts';
import { nextChangeSeq } from '../changes/change-log.ts';
import { createTestContext, inject, signIn, signInAdmin, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let alice: { token: string; user: { id: string } };
let bob: { token: string; user: { id: string } };
let projectId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signIn(ctx);
  bob = await signIn(ctx);
  projectId = (
    await call('POST', '/api/projects', alice.token, {
      name: 'Migration',
      description: 'Base de données',
      deadline: '2027-01-31T23:59:59.999Z',
    })
  ).json().data.id;
});
afterAll(() => ctx.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return inject(ctx.app, { method, url, token, payload, headers });
}
const create = async (fields: Record<string, unknown> = {}, token = alice.token) => {
  const response = await call('POST', '/api/tasks', token, {
    title: 'Écrire le script',
    project: projectId,
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
};
const since = async (cursor: string, extra = '') =>
  (await call('GET', `/api/tasks?since=${encodeURIComponent(cursor)}${extra}`, alice.token)).json();
const cursorNow = async () => (await call('GET', '/api/tasks?limit=1', alice.token)).json().cursor as string;

describe('tasks API', () => {
  it('creates a task with the defaults (todo, medium, 0 %), trimming the title', async () => {
    const task = await create({ title: '  Préparer la démo  ', description: ' notes ' });
    expect(task).toMatchObject({
      title: 'Préparer la démo',
      description: 'notes',
      status: 'todo',
      priority: 'medium',
      progress: 0,
      version: 0,
      project: projectId,
      assignee: null,
      createdBy: alice.user.id,
    });
    expect(task.permissions.canDelete).toBe(true);
  });

  it('validates each field', async () => {
    const bad: Array<Record<string, unknown>> = [
      { title: '' },
      { title: '   ' },
      { title: 't'.repeat(301) },
      { project: 'nope' },
      { project: '7d3f6a52-0d6e-4a8a-9b1e-3c4d5e6f7a8b' },
      { status: 'blocked' },
      { priority: 'urgent' },
      { progress: 101 },
      { progress: 1.5 },
      { estimatedMinutes: -1 },
      { deadline: '31/12/2026' },
      { assignee: '7d3f6a52-0d6e-4a8a-9b1e-3c4d5e6f7a8b' },
      { version: 3 },
      { createdAt: '2020-01-01T00:00:00Z' },
    ];
    for (const fields of bad) {
      const response = await call('POST', '/api/tasks', alice.token, {
        title: 'ok',
        project: projectId,
        ...fields,
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    expect((await call('POST', '/api/tasks', alice.token, { title: 'no project' })).statusCode).toBe(400);
  });

  it('accepts the status aliases doing and review', async () => {
    expect((await create({ status: 'doing' })).status).toBe('in_progress');
    expect((await create({ status: 'review' })).status).toBe('in_review');
  });

  it('patches fields, bumps the version, and answers a stale X-Entity-Version with 409 and the server row', async () => {
    const task = await create();
    const patched = await call(
      'PATCH',
      `/api/tasks/${task.id}`,
      bob.token,
      { status: 'in_progress', estimatedMinutes: 45, assignee: bob.user.id },
      { 'x-entity-version': '0' },
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      status: 'in_progress',
      estimatedMinutes: 45,
      assignee: bob.user.id,
      version: 1,
    });
    const stale = await call(
      'PATCH',
      `/api/tasks/${task.id}`,
      alice.token,
      { title: 'Autre titre' },
      { 'x-entity-version': '0' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      reason: 'version_mismatch',
      serverVersion: 1,
      clientVersion: 0,
      client: { title: 'Autre titre' },
      server: { id: task.id, status: 'in_progress' },
    });
    expect((await call('GET', `/api/tasks/${task.id}`, alice.token)).json().data.title).toBe(
      'Écrire le script',
    );
  });

  it('answers 404 for unknown and deleted tasks', async () => {
    const task = await create();
    expect((await call('DELETE', `/api/tasks/${task.id}`, alice.token)).statusCode).toBe(200);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      expect(
        (
          await call(
            method,
            `/api/tasks/${task.id}`,
            alice.token,
            method === 'PATCH' ? { title: 'x' } : undefined,
          )
        ).statusCode,
        method,
      ).toBe(404);
    }
  });

  it('lets the creator, the project owner or an admin delete a task, not another member', async () => {
    const byBob = await create({}, bob.token);
    const byAlice = await create();
    const carol = await signIn(ctx);
    expect((await call('DELETE', `/api/tasks/${byAlice.id}`, carol.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/tasks/${byAlice.id}`, bob.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/tasks/${byBob.id}`, alice.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/tasks/${byAlice.id}`, alice.token)).statusCode).toBe(200);
  });

  it('lists newest first, scoped to a project, and pages with `after`', async () => {
    const other = (
      await call('POST', '/api/projects', alice.token, {
        name: 'Autre',
        description: 'x',
        deadline: '2027-01-01T00:00:00Z',
      })
    ).json().data.id;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await create({ title: `Tâche ${i}`, project: other }));
    const first = (await call('GET', `/api/tasks?projectId=${other}&limit=3`, alice.token)).json();
    expect(first.data.map((task: { title: string }) => task.title)).toEqual([
      'Tâche 4',
      'Tâche 3',
      'Tâche 2',
    ]);
    expect(first.nextAfter).toBeTruthy();
    const second = (
      await call(
        'GET',
        `/api/tasks?projectId=${other}&limit=3&after=${encodeURIComponent(first.nextAfter)}`,
        alice.token,
      )
    ).json();
    expect(second.data.map((task: { title: string }) => task.title)).toEqual(['Tâche 1', 'Tâche 0']);
    expect(second.nextAfter).toBeNull();
    expect((await call('GET', `/api/tasks?after=forged.value`, alice.token)).statusCode).toBe(400);
  });
});

describe('delta reads with `since` (docs/sync-protocol.md, catch-up reads)', () => {
  it('returns exactly the rows changed after the cursor, tombstones included', async () => {
    const untouched = await create({ title: 'Reste tel quel' });
    const edited = await create({ title: 'Sera modifiée' });
    const removed = await create({ title: 'Sera supprimée' });
    const cursor = await cursorNow();
    await call('PATCH', `/api/tasks/${edited.id}`, alice.token, { priority: 'high' });
    await call('DELETE', `/api/tasks/${removed.id}`, alice.token);
    const added = await create({ title: 'Nouvelle' });
    const delta = await since(cursor);
    const ids = delta.data.map((task: { id: string }) => task.id);
    expect(ids.sort()).toEqual([edited.id, removed.id, added.id].sort());
    expect(ids).not.toContain(untouched.id);
    expect(delta.data.find((task: { id: string }) => task.id === removed.id).deletedAt).not.toBeNull();
    expect(delta.hasMore).toBe(false);
    expect((await since(delta.cursor)).data).toEqual([]);
    const live = (await call('GET', '/api/tasks', alice.token))
      .json()
      .data.map((task: { id: string }) => task.id);
    expect(live).not.toContain(removed.id);
  });

  it('pages through many rows of one change sequence without losing or repeating any', async () => {
    const project = (
      await call('POST', '/api/projects', alice.token, {
        name: 'Gros projet',
        description: 'x',
        deadline: '2027-01-01T00:00:00Z',
      })
    ).json().data;
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push((await create({ title: `Lot ${i}`, project: project.id })).id);
    const cursor = await cursorNow();
    await call('DELETE', `/api/projects/${project.id}`, alice.token);
    const seen: string[] = [];
    let position = cursor;
    for (let guard = 0; guard < 10; guard++) {
      const page = await since(position, '&limit=5');
      seen.push(...page.data.map((task: { id: string }) => task.id));
      position = page.cursor;
      if (!page.hasMore) break;
    }
    expect(seen.sort()).toEqual(ids.sort());
    const projectDelta = (
      await call('GET', `/api/projects?since=${encodeURIComponent(cursor)}`, alice.token)
    ).json();
    expect(projectDelta.data.map((p: { id: string }) => p.id)).toContain(project.id);
  });

  it('asks for a reset on a cursor the server did not issue', async () => {
    const cursor = await cursorNow();
    const [seq, , mac] = cursor.split('.');
    for (const forged of ['abc', `${Number(seq) - 1}..${mac}`, `999999999..${mac}`]) {
      const answer = await since(forged);
      expect(answer.resetRequired, forged).toBe(true);
      expect(answer.data).toEqual([]);
    }
  });

  it('never skips a transaction that commits after a later one', async () => {
    const project = (
      await call('POST', '/api/projects', alice.token, {
        name: 'Course',
        description: 'x',
        deadline: '2027-01-01T00:00:00Z',
      })
    ).json().data.id;
    const a = await create({ title: 'A avant', project });
    const b = await create({ title: 'B avant', project });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const hasSeq = new Promise<void>((resolve) => (started = resolve));
    // T1 takes its change sequence, then waits before writing A and committing.
    const t1 = ctx.db.transaction(async (tx) => {
      const changeSeq = await nextChangeSeq(tx);
      started();
      await held;
      await tx.update(tasks).set({ title: 'A après', changeSeq }).where(eq(tasks.id, a.id));
    });
    await hasSeq;
    // T2 writes B while T1 is open, and a client takes a full copy in the middle of it all.
    const t2 = call('PATCH', `/api/tasks/${b.id}`, bob.token, { title: 'B après' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const middle = call('GET', `/api/tasks?projectId=${project}`, alice.token);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await t1;
    expect((await t2).statusCode).toBe(200);
    // The client's copy plus the delta since its cursor must equal the server, whatever the timing.
    const copy = (await middle).json();
    const titles = new Map<string, string>(
      copy.data.map((row: { id: string; title: string }) => [row.id, row.title]),
    );
    for (const row of (await since(copy.cursor)).data) titles.set(row.id, row.title);
    expect(titles.get(a.id)).toBe('A après');
    expect(titles.get(b.id)).toBe('B après');
  });
});

describe('the list presenter in SQL', () => {
  it('says exactly what the single-task presenter says, for every kind of row and viewer', async () => {
    const project = (
      await call('POST', '/api/projects', bob.token, {
        name: 'Parité',
        description: 'x',
        deadline: '2027-01-01T00:00:00Z',
      })
    ).json().data.id;
    await create({ title: 'Sans rien', project });
    await create({
      title: 'Complète',
      project,
      description: 'Détails « accentués » et "guillemets"',
      status: 'done',
      priority: 'high',
      progress: 30,
      deadline: '2026-12-24T18:30:00.123Z',
      estimatedMinutes: 90,
      assignee: bob.user.id,
    });
    await create({ title: 'Par Bob', project }, bob.token);
    // Every character JSON must escape, and some it must not.
    const escaped = await create({
      title: 'Barre \\ oblique, "cité", tab\tulation 🚀',
      project,
      description: 'Ligne 1\nLigne 2\r fin </script>',
    });
    // The API refuses other control characters now (issue 9), but rows written before may hold them.
    await ctx.db
      .update(tasks)
      .set({ description: 'Ligne 1\nLigne 2\r\u0007 fin </script>' })
      .where(eq(tasks.id, escaped.id));
    const admin = await signInAdmin(ctx);
    for (const viewer of [alice, bob, admin]) {
      const list = (await call('GET', `/api/tasks?projectId=${project}`, viewer.token)).json().data;
      expect(list).toHaveLength(4);
      for (const item of list) {
        // The single task also says whether the viewer follows it, which lists leave out.
        const { watching, ...single } = (await call('GET', `/api/tasks/${item.id}`, viewer.token)).json()
          .data;
        expect(typeof watching).toBe('boolean');
        expect(item).toEqual(single);
      }
    }
  });

  it("writes a tombstone's deletedAt as the single-task presenter writes times", async () => {
    const task = await create({ title: 'À supprimer' });
    const cursor = await cursorNow();
    expect((await call('DELETE', `/api/tasks/${task.id}`, alice.token)).statusCode).toBe(200);
    const [tombstone] = (await since(cursor)).data;
    expect(tombstone.id).toBe(task.id);
    expect(tombstone.deletedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(tombstone.deletedAt).toBe(tombstone.updatedAt);
  });
});

describe('list answers kept while nothing changes', () => {
  const titlesOf = async (token: string, project: string) =>
    (await call('GET', `/api/tasks?projectId=${project}`, token))
      .json()
      .data.map((task: { title: string }) => task.title);

  it('shows a write on the very next read, made through the API or by another server instance', async () => {
    const project = (
      await call('POST', '/api/projects', alice.token, {
        name: 'Cache',
        description: 'x',
        deadline: '2027-01-01T00:00:00Z',
      })
    ).json().data.id;
    const task = await create({ title: 'Avant', project });
    expect(await titlesOf(alice.token, project)).toEqual(['Avant']);
    expect(await titlesOf(alice.token, project)).toEqual(['Avant']);

    expect((await call('PATCH', `/api/tasks/${task.id}`, alice.token, { title: 'Après' })).statusCode).toBe(
      200,
    );
    expect(await titlesOf(alice.token, project)).toEqual(['Après']);

    // Another instance shares the database, not this process's memory: only the counter tells.
    await ctx.db.transaction(async (tx) => {
      const changeSeq = await nextChangeSeq(tx);
      await tx
        .update(tasks)
        .set({ title: 'Écrit ailleurs', version: sql`${tasks.version} + 1`, changeSeq })
        .where(eq(tasks.id, task.id));
    });
    expect(await titlesOf(alice.token, project)).toEqual(['Écrit ailleurs']);
  });

  it('never gives one member the answer read for another (permissions differ)', async () => {
    const project = (
      await call('POST', '/api/projects', alice.token, {
        name: 'Droits',
        description: 'x',
        deadline: '2027-01-01T00:00:00Z',
      })
    ).json().data.id;
    await create({ title: 'D’Alice', project });
    const url = `/api/tasks?projectId=${project}`;
    expect((await call('GET', url, alice.token)).json().data[0].permissions.canDelete).toBe(true);
    expect((await call('GET', url, bob.token)).json().data[0].permissions.canDelete).toBe(false);
    expect((await call('GET', url, alice.token)).json().data[0].permissions.canDelete).toBe(true);
  });
});
