import 'fake-indexeddb/auto';
import { SERVICE_WORKER, type SyncBatchRequest, type SyncEntity } from '@jalon/contract';
import { contractChecks, SyncClient } from '@jalon/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, type RecordedCall } from '../../test/http.ts';
import { listBody, makeProject, makeTask } from '../../test/work-fixtures.ts';
import { openOfflineStore, type IndexedDbStore } from '../indexeddb-store.ts';
import { FakeBrowser } from '../../test/fake-tabs.ts';
import { FakeSyncServer } from '../../test/fake-sync-server.ts';
import { joinSenderLock, type SenderLock } from '../sender-lock.ts';
import { BackgroundSyncFailed, runBackgroundSync } from './background-sync.ts';
import type { WorkerSession } from './messages.ts';

const { outbox: OUTBOX, data: DATA } = SERVICE_WORKER.tags;

// A new user per test: each test gets its own database.
let session: WorkerSession;
beforeEach(() => {
  session = { userId: crypto.randomUUID(), token: 'tok-worker', sessionId: 'sess-9', apiBase: '/api' };
});
const stores: IndexedDbStore[] = [];
const locks: SenderLock[] = [];
afterEach(() => {
  locks.splice(0).forEach((lock) => lock.release());
  stores.splice(0).forEach((store) => store.close());
});

/** The user's tab: its engine opened the store (registering the device) and recorded edits. */
async function tabWithEdits(names: string[]): Promise<SyncClient> {
  const result = await openOfflineStore(session.userId);
  if (result.status !== 'ready') throw new Error('IndexedDB did not open');
  stores.push(result.store);
  const client = await SyncClient.open({
    store: result.store,
    userId: session.userId,
    now: Date.now,
    newId: () => crypto.randomUUID(),
    checks: contractChecks,
  });
  for (const name of names) await client.edit({ op: 'create', entity: 'project', data: { name } });
  return client;
}

/** The server behind fetch: sync batches go to `server`, the catch-up read answers `changes`. */
function serve(server: FakeSyncServer, changes?: Record<SyncEntity, unknown[]>): RecordedCall[] {
  return mockFetch((call) => {
    if (pathOf(call) === '/sync/batch') {
      const { status, body } = server.batch(call.body as SyncBatchRequest);
      return status === 200 ? json(body) : new Response(JSON.stringify(body), { status });
    }
    const read = changes && pathOf(call).startsWith('/sync/changes');
    return read ? listBody(changes) : new Response(null, { status: 404 });
  });
}

describe('background sync in the service worker', () => {
  it('sends the outbox the tabs left, with the session a tab handed over, and tells the tabs', async () => {
    const tab = await tabWithEdits(['Un', 'Deux']);
    const server = new FakeSyncServer();
    const calls = serve(server);
    const announce = vi.fn();

    await expect(
      runBackgroundSync(OUTBOX, session, { locks: new FakeBrowser().workerLocks(), announce }),
    ).resolves.toBe('done');

    expect(server.applied).toEqual([1, 2]);
    expect(
      calls.map((call) => [
        call.method,
        call.url,
        call.headers.get('Authorization'),
        call.headers.get('X-Session-Id'),
      ]),
    ).toEqual([['POST', '/api/sync/batch', 'Bearer tok-worker', 'sess-9']]);
    expect((await tab.entries()).map((entry) => [entry.seq, entry.state])).toEqual([
      [1, 'acked'],
      [2, 'acked'],
    ]);
    expect(announce.mock.calls).toEqual([[session.userId, 'changed']]);
  });

  it('leaves the sending to the tab that holds the sender lock', async () => {
    await tabWithEdits(['Un']);
    const browser = new FakeBrowser();
    const leading = vi.fn(() => () => undefined);
    locks.push(
      joinSenderLock({
        userId: session.userId,
        lead: leading,
        onMessage: () => undefined,
        locks: browser.openTab().locks,
        openChannel: () => undefined,
      }),
    );
    await vi.waitFor(() => expect(leading).toHaveBeenCalled());
    const calls = serve(new FakeSyncServer());

    await expect(
      runBackgroundSync(OUTBOX, session, { locks: browser.workerLocks(), announce: vi.fn() }),
    ).resolves.toBe('tab-is-sending');
    expect(calls).toEqual([]);
  });

  it('is the one sender while it sends: a tab that opens meanwhile leads only once the worker is done', async () => {
    await tabWithEdits(['Un']);
    const browser = new FakeBrowser();
    const server = new FakeSyncServer();
    let answer: () => void = () => undefined;
    mockFetch(
      (call) =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(server.batch(call.body as SyncBatchRequest).body));
        }),
    );
    const run = runBackgroundSync(OUTBOX, session, { locks: browser.workerLocks(), announce: vi.fn() });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const leading = vi.fn(() => () => undefined);
    locks.push(
      joinSenderLock({
        userId: session.userId,
        lead: leading,
        onMessage: () => undefined,
        locks: browser.openTab().locks,
        openChannel: () => undefined,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leading).not.toHaveBeenCalled();

    answer();
    await expect(run).resolves.toBe('done');
    await vi.waitFor(() => expect(leading).toHaveBeenCalledOnce());
    expect(server.applied).toEqual([1]);
  });

  it('sends nothing without a session: signed out, or the worker restarted since a tab last spoke', async () => {
    await tabWithEdits(['Un']);
    const calls = serve(new FakeSyncServer());
    await expect(runBackgroundSync(OUTBOX, null, { locks: new FakeBrowser().workerLocks() })).resolves.toBe(
      'signed-out',
    );
    expect(calls).toEqual([]);
  });

  it('keeps the outbox when the network fails, and fails the event so the browser tries the tag again', async () => {
    const tab = await tabWithEdits(['Un']);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(
      runBackgroundSync(OUTBOX, session, { locks: new FakeBrowser().workerLocks() }),
    ).rejects.toBeInstanceOf(BackgroundSyncFailed);
    expect((await tab.entries()).map((entry) => [entry.seq, entry.state])).toEqual([[1, 'sent']]);
  });

  it('sends when the browser fires the tag, without waiting out the backoff a tab set after failing', async () => {
    const tab = await tabWithEdits(['Un']);
    await tab.flush(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect((await tab.meta()).nextAttemptAt).toBeGreaterThan(Date.now());
    const server = new FakeSyncServer();
    serve(server);
    await expect(
      runBackgroundSync(OUTBOX, session, { locks: new FakeBrowser().workerLocks() }),
    ).resolves.toBe('done');
    expect(server.applied).toEqual([1]);
  });

  it('catches up projects, labels, tasks and comments into the offline copy on the data tag, in one read', async () => {
    const tab = await tabWithEdits([]);
    const project = makeProject();
    const task = makeTask();
    const calls = serve(new FakeSyncServer(), { project: [project], label: [], task: [task], comment: [] });
    const announce = vi.fn();

    await expect(
      runBackgroundSync(DATA, session, { locks: new FakeBrowser().workerLocks(), announce }),
    ).resolves.toBe('done');

    expect(calls.map((call) => [pathOf(call), call.headers.get('Authorization')])).toEqual([
      [`/sync/changes?clientId=${(await tab.meta()).clientId}`, 'Bearer tok-worker'],
    ]);
    expect((await tab.view('project')).map((row) => row.id)).toEqual([project.id]);
    expect((await tab.view('task')).map((row) => row.id)).toEqual([task.id]);
    // A first read filled the copy: the tabs read it again, but nothing they held changed.
    expect(announce.mock.calls).toEqual([[session.userId, 'synced']]);
  });

  it('never registers a device of its own where no tab has opened the offline copy', async () => {
    const calls = serve(new FakeSyncServer(), { project: [], label: [], task: [], comment: [] });
    await expect(runBackgroundSync(DATA, session, { locks: new FakeBrowser().workerLocks() })).resolves.toBe(
      'no-device',
    );
    expect(calls).toEqual([]);
  });
});
