import type { Project, SyncBatchRequest, SyncEntity } from '@jalon/contract';
import { MemoryStore, type PullTransport, type Row } from '@jalon/sync';
import { describe, expect, it, vi } from 'vitest';
import { makeProject, makeTask, projectId, taskId } from '../test/work-fixtures.ts';
import { FakeBrowser } from '../test/fake-tabs.ts';
import { FakeSyncServer } from '../test/fake-sync-server.ts';
import { joinSenderLock } from './sender-lock.ts';
import { SyncEngine, type SyncEngineOptions } from './sync-engine.ts';

const USER = '00000000-0000-4000-a000-000000000001';

/** The server's rows as the pulls return them; a test changes them to play another person's edits. */
function fakePulls(initial: { task?: Row[]; project?: Row[] } = {}) {
  const rows: Record<SyncEntity, Row[]> = {
    task: initial.task ?? [],
    project: initial.project ?? [makeProject() as unknown as Row],
    label: [],
    comment: [],
  };
  let cursor = 1;
  const fetchPage: PullTransport = vi.fn(async () => ({
    rows: { ...rows },
    cursor: `${cursor}.sig`,
    hasMore: false,
    lastSeq: 0,
    resetRequired: false,
  }));
  return {
    rows,
    fetchPage,
    change: (entity: SyncEntity, next: Row[]) => {
      rows[entity] = next;
      cursor += 1;
    },
  };
}

// The schedule is the test's: it sends and pulls only when told (sendNow, refresh).
const noSchedule: SyncEngineOptions['schedule'] = () => ({
  start: () => undefined,
  stop: () => undefined,
  edited: () => undefined,
  serverChanged: () => undefined,
});

async function startEngine(options: Partial<SyncEngineOptions> = {}) {
  const server = new FakeSyncServer();
  const pulls = fakePulls();
  const engine = await SyncEngine.inMemory({
    userId: USER,
    sendBatch: server.send,
    fetchPage: pulls.fetchPage,
    schedule: noSchedule,
    ...options,
  });
  await engine.refresh();
  return { engine, server, pulls };
}

const status = (engine: SyncEngine, id: string) => engine.getSnapshot().pending.get(id);
const projectNamed = (engine: SyncEngine, id: string): Project | undefined =>
  engine.getSnapshot().projects.find((project) => project.id === id);

describe('SyncEngine', () => {
  it('is ready with the rows of the first pull, and a later pull replaces them', async () => {
    const { engine, pulls } = await startEngine();
    expect(engine.getSnapshot()).toMatchObject({ ready: true, storage: 'memory', loadError: null });
    expect(engine.getSnapshot().projects.map((project) => project.name)).toEqual(['Site vitrine']);
    pulls.change('project', [makeProject({ name: 'Renommé ailleurs', version: 3 }) as unknown as Row]);
    const revision = engine.getSnapshot().serverRevision;
    await engine.refresh();
    expect(projectNamed(engine, projectId(1))).toMatchObject({ name: 'Renommé ailleurs', version: 3 });
    expect(engine.getSnapshot().serverRevision).toBe(revision + 1);
  });

  it('catches up every kind with one read per page, whatever kinds changed', async () => {
    const { engine, pulls } = await startEngine();
    const before = vi.mocked(pulls.fetchPage).mock.calls.length;
    pulls.change('task', [makeTask() as unknown as Row]);
    pulls.change('label', [{ id: 'label-1', name: 'Urgent', color: 'red', version: 1, deletedAt: null }]);
    await engine.refresh();
    expect(
      vi
        .mocked(pulls.fetchPage)
        .mock.calls.slice(before)
        .map(([request]) => request.since),
    ).toEqual(['1.sig']);
    expect(engine.getSnapshot().tasks.map((task) => task.id)).toEqual([taskId(1)]);
    expect(engine.getSnapshot().labels.map((label) => label.name)).toEqual(['Urgent']);
  });

  it('catches up as it starts, without being asked (a page load), and says when it last synced only then', async () => {
    const pulls = fakePulls();
    const engine = await SyncEngine.inMemory({
      userId: USER,
      sendBatch: new FakeSyncServer().send,
      fetchPage: pulls.fetchPage,
      schedule: noSchedule,
    });
    expect(engine.getSnapshot().lastSyncedAt).toBeNull();
    await vi.waitFor(() => expect(engine.getSnapshot().ready).toBe(true));
    expect(engine.getSnapshot().lastSyncedAt).not.toBeNull();
  });

  it('a pull that finds nothing new moves the last-sync time, not the server revision', async () => {
    let now = Date.parse('2030-01-15T10:00:00Z');
    const server = new FakeSyncServer();
    const pulls = fakePulls();
    const engine = await SyncEngine.inMemory({
      userId: USER,
      sendBatch: server.send,
      fetchPage: pulls.fetchPage,
      schedule: noSchedule,
      now: () => now,
    });
    // The page load's own read fills the copy: the dashboard, which read the server itself, need not read again.
    await vi.waitFor(() =>
      expect(engine.getSnapshot()).toMatchObject({ ready: true, serverRevision: 0, lastSyncedAt: now }),
    );
    now += 60_000;
    // Nothing changed since the cursor: the pages come back empty.
    pulls.change('project', []);
    await engine.refresh();
    expect(engine.getSnapshot()).toMatchObject({ serverRevision: 0, lastSyncedAt: now });
  });

  it('waits for an edit still being recorded before saying what is unsent (sign-out counts after it)', async () => {
    const { engine } = await startEngine();
    const editing = engine.edit({
      op: 'patch',
      entity: 'project',
      id: projectId(1),
      data: { name: 'À l’instant' },
    });
    await engine.editsRecorded();
    expect(engine.getSnapshot().outbox.map((entry) => entry.state)).toEqual(['pending']);
    await editing;
    await expect(engine.editsRecorded()).resolves.toBeUndefined();
  });

  it('says the first read failed when there is no copy to show', async () => {
    const failing: PullTransport = () => Promise.reject(new TypeError('Failed to fetch'));
    const engine = await SyncEngine.inMemory({
      userId: USER,
      sendBatch: new FakeSyncServer().send,
      fetchPage: failing,
      schedule: noSchedule,
    });
    await engine.refresh();
    expect(engine.getSnapshot().ready).toBe(false);
    expect(engine.getSnapshot().loadError).toBeInstanceOf(TypeError);
  });

  it("shows an edit at once as 'pending', and the answer clears it", async () => {
    const { engine, server } = await startEngine();
    const listener = vi.fn();
    engine.subscribe(listener);
    await engine.edit({ op: 'patch', entity: 'project', id: projectId(1), data: { status: 'completed' } });
    expect(listener).toHaveBeenCalled();
    expect(projectNamed(engine, projectId(1))?.status).toBe('completed');
    expect(status(engine, projectId(1))).toBe('pending');
    expect(engine.getSnapshot().outbox).toHaveLength(1);
    const result = await engine.sendNow();
    expect(result.status).toBe('sent');
    expect(server.applied).toEqual([1]);
    expect(status(engine, projectId(1))).toBeUndefined();
    expect(projectNamed(engine, projectId(1))?.status).toBe('completed');
    expect(engine.getSnapshot().lastSyncedAt).not.toBeNull();
  });

  it('completes a task created here with the server defaults, first in the list, until the server has it', async () => {
    const { engine } = await startEngine();
    const id = await engine.edit({
      op: 'create',
      entity: 'task',
      data: { title: 'Nouvelle', project: projectId(1) },
    });
    expect(id).toMatch(/^tmp-/);
    const [task] = engine.getSnapshot().tasks;
    expect(task).toMatchObject({
      id,
      title: 'Nouvelle',
      status: 'todo',
      priority: 'medium',
      createdBy: USER,
      version: 0,
    });
    expect(status(engine, id)).toBe('pending');
  });

  it("keeps a clash as an open conflict ('conflict' state) until it is resolved", async () => {
    const pulls = fakePulls();
    const sendBatch: SyncEngineOptions['sendBatch'] = async (request) => ({
      status: 200,
      body: {
        applied: [],
        conflicts: request.operations.map((operation) => ({
          seq: operation.seq,
          entity: operation.entity,
          id: operation.id,
          reason: 'version_mismatch' as const,
          fields: ['status'],
          server: { ...makeProject({ status: 'cancelled', version: 3 }) },
          client: operation.data,
          serverVersion: 3,
          clientVersion: operation.version,
        })),
        lastSeq: request.operations.at(-1)!.seq,
        changeSeq: 2,
      },
    });
    const engine = await SyncEngine.inMemory({
      userId: USER,
      sendBatch,
      fetchPage: pulls.fetchPage,
      schedule: noSchedule,
    });
    await engine.refresh();
    await engine.edit({ op: 'patch', entity: 'project', id: projectId(1), data: { status: 'completed' } });
    await engine.sendNow();
    const [conflict] = engine.getSnapshot().conflicts;
    expect(conflict).toMatchObject({ entityId: projectId(1), reason: 'version_mismatch', resolved: false });
    expect(status(engine, projectId(1))).toBe('conflict');
    await engine.resolve(conflict!.id, { action: 'applyServer' });
    expect(status(engine, projectId(1))).toBeUndefined();
    expect(projectNamed(engine, projectId(1))?.status).toBe('cancelled');
  });

  it('discards an unsent edit: the row shows the server value again', async () => {
    const { engine, server } = await startEngine();
    await engine.edit({ op: 'patch', entity: 'project', id: projectId(1), data: { name: 'Brouillon' } });
    const [entry] = engine.getSnapshot().outbox;
    expect(await engine.discard(entry!.localId)).toBe(true);
    expect(engine.getSnapshot().outbox).toHaveLength(0);
    expect(projectNamed(engine, projectId(1))?.name).toBe('Site vitrine');
    expect(status(engine, projectId(1))).toBeUndefined();
    await engine.sendNow();
    expect(server.received).toEqual([]);
  });

  it("after a 401 pause, sends nothing until 'Réessayer' (retry)", async () => {
    let unauthorized = true;
    const server = new FakeSyncServer();
    const sendBatch: SyncEngineOptions['sendBatch'] = async (request) =>
      unauthorized ? { status: 401, body: null } : server.batch(request);
    const engine = await SyncEngine.inMemory({
      userId: USER,
      sendBatch,
      fetchPage: fakePulls().fetchPage,
      schedule: noSchedule,
    });
    await engine.refresh();
    await engine.edit({ op: 'patch', entity: 'project', id: projectId(1), data: { name: 'Après' } });
    await engine.sendNow();
    expect(engine.getSnapshot().paused).toBe('unauthorized');
    unauthorized = false;
    expect((await engine.sendNow()).status).toBe('paused');
    expect(server.received).toEqual([]);
    await engine.retry();
    await vi.waitFor(async () => expect((await engine.sendNow()).status).not.toBe('busy'));
    expect(server.applied).toEqual([1]);
    expect(engine.getSnapshot().paused).toBeNull();
    expect(status(engine, projectId(1))).toBeUndefined();
  });

  it('sends a sub-task made offline under a parent made offline (both tmp-) after it, in one batch, once', async () => {
    const server = new FakeSyncServer();
    const sent: SyncBatchRequest[] = [];
    let online = false;
    const { engine } = await startEngine({
      sendBatch: async (request) => {
        sent.push(request);
        if (!online) throw new TypeError('Failed to fetch');
        return server.batch(request);
      },
    });
    const parent = await engine.edit({
      op: 'create',
      entity: 'task',
      id: `tmp-${taskId(7)}`,
      data: { title: 'Préparer le salon', project: projectId(1) },
    });
    await engine.edit({
      op: 'create',
      entity: 'task',
      id: `tmp-${taskId(8)}`,
      data: { title: 'Réserver', project: projectId(1), parent, position: 0 },
    });
    expect((await engine.sendNow()).status).toBe('failed');
    online = true;
    await vi.waitFor(async () => expect((await engine.sendNow()).status).toBe('sent'));
    const last = sent.at(-1)!;
    expect(last.operations.map(({ seq, id, data }) => [seq, id, data?.parent ?? null])).toEqual([
      [1, `tmp-${taskId(7)}`, null],
      [2, `tmp-${taskId(8)}`, `tmp-${taskId(7)}`],
    ]);
    // The failed attempt carried the same operations: the server applied each once, parent first.
    expect(sent[0]!.operations.map(({ seq }) => seq)).toEqual([1, 2]);
    expect(server.applied).toEqual([1, 2]);
    expect((await engine.sendNow()).status).not.toBe('failed');
    expect(server.applied).toEqual([1, 2]);
  });

  it("'Envoyer maintenant' does not wait for the backoff of an earlier failed send", async () => {
    let online = false;
    const server = new FakeSyncServer();
    const sendBatch: SyncEngineOptions['sendBatch'] = (request) =>
      online ? Promise.resolve(server.batch(request)) : Promise.reject(new TypeError('Failed to fetch'));
    const engine = await SyncEngine.inMemory({
      userId: USER,
      sendBatch,
      fetchPage: fakePulls().fetchPage,
      schedule: noSchedule,
    });
    await engine.refresh();
    await engine.edit({ op: 'patch', entity: 'project', id: projectId(1), data: { name: 'Après' } });
    expect((await engine.sendNow()).status).toBe('failed');
    expect(engine.getSnapshot().nextAttemptAt).not.toBeNull();
    online = true;
    expect((await engine.sendNow()).status).toBe('sent');
    expect(server.applied).toEqual([1]);
  });

  it("two tabs over one store: the follower shows the leader's edit and its answer after the 'changed' message", async () => {
    const browser = new FakeBrowser();
    const store = new MemoryStore();
    const server = new FakeSyncServer();
    const pulls = fakePulls({ task: [makeTask() as unknown as Row] });
    const inTab = (tab = browser.openTab()) =>
      SyncEngine.start({
        userId: USER,
        store,
        storage: 'indexeddb',
        sendBatch: server.send,
        fetchPage: pulls.fetchPage,
        schedule: noSchedule,
        joinLock: (options) => joinSenderLock({ ...options, locks: tab.locks, openChannel: tab.openChannel }),
      });
    const leader = await inTab();
    await leader.refresh();
    const follower = await inTab();
    await vi.waitFor(() => expect(follower.getSnapshot().tasks.map((task) => task.id)).toEqual([taskId(1)]));

    await leader.edit({ op: 'patch', entity: 'task', id: taskId(1), data: { status: 'done' } });
    await vi.waitFor(() => expect(status(follower, taskId(1))).toBe('pending'));
    expect(follower.getSnapshot().tasks[0]?.status).toBe('done');
    await leader.sendNow();
    await vi.waitFor(() => expect(status(follower, taskId(1))).toBeUndefined());
    expect(follower.getSnapshot().tasks[0]?.status).toBe('done');
    expect(follower.getSnapshot().serverRevision).toBeGreaterThan(0);
    leader.stop();
    follower.stop();
  });
});
