import 'fake-indexeddb/auto';
import { STORAGE_PREFIX, SYNC_ENTITIES } from '@jalon/contract';
import { contractChecks, SyncClient, type OutboxEntry, type Row, type SyncStore } from '@jalon/sync';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteOfflineStore, openOfflineStore, type IndexedDbStore } from './indexeddb-store.ts';
import { FakeSyncServer } from '../test/fake-sync-server.ts';

const PROJECT = '00000000-0000-4000-8000-00000000000a';
const task = (overrides: Partial<Row> = {}): Row => ({
  id: '00000000-0000-4000-8000-000000000001',
  version: 3,
  title: 'Rédiger',
  project: PROJECT,
  deletedAt: null,
  ...overrides,
});
const entry = (localId: number): OutboxEntry => ({
  localId,
  entity: 'task',
  op: 'patch',
  id: task().id,
  baseVersion: 3,
  data: { title: `n°${localId}` },
  createdAt: '2026-11-23T12:00:00.000Z',
  state: 'pending',
});

const opened: IndexedDbStore[] = [];
afterEach(() => opened.splice(0).forEach((store) => store.close()));

async function open(userId: string = crypto.randomUUID()): Promise<IndexedDbStore> {
  const result = await openOfflineStore(userId);
  if (result.status !== 'ready') throw new Error('IndexedDB did not open');
  opened.push(result.store);
  return result.store;
}

const openClient = (store: SyncStore, userId: string) =>
  SyncClient.open({
    store,
    userId,
    now: () => Date.parse('2026-11-23T12:00:00Z'),
    newId: () => crypto.randomUUID(),
    checks: contractChecks,
  });

describe('IndexedDbStore', () => {
  it('commits a transaction whole, or not at all when it throws', async () => {
    const store = await open();
    await store.atomically((tx) => tx.putRows('task', [task()]));
    await expect(
      store.atomically(async (tx) => {
        await tx.clearRows('task');
        await tx.setCursor('task', '5..sig');
        await tx.setOutbox([entry(1)]);
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(
      await store.atomically(async (tx) => [
        await tx.getRows('task'),
        await tx.getCursor('task'),
        await tx.getOutbox(),
      ]),
    ).toEqual([[task()], null, []]);
  });

  it('hands out copies, as IndexedDB does', async () => {
    const store = await open();
    const row = task();
    await store.atomically((tx) => tx.putRows('task', [row]));
    row.title = 'changé dehors';
    const [stored] = await store.atomically((tx) => tx.getRows('task'));
    stored!.title = 'changé encore';
    expect((await store.atomically((tx) => tx.getRows('task')))[0]!.title).toBe('Rédiger');
  });

  it('keeps the outbox and the conflicts in the order the core gives, whatever their keys', async () => {
    const store = await open();
    await store.atomically((tx) => tx.setOutbox([entry(1), entry(2), entry(3)]));
    // A resolution goes before the entries its conflict held: a higher localId earlier in the list.
    await store.atomically((tx) =>
      tx.setOutbox([entry(1), entry(9), { ...entry(3), state: 'sent', seq: 1 }]),
    );
    expect(await store.atomically((tx) => tx.getOutbox())).toEqual([
      entry(1),
      entry(9),
      { ...entry(3), state: 'sent', seq: 1 },
    ]);
  });

  it('has a store for every kind of synced data, each its own', async () => {
    const store = await open();
    await store.atomically(async (tx) => {
      for (const entity of SYNC_ENTITIES)
        await tx.putRows(entity, [task({ id: crypto.randomUUID(), title: entity })]);
    });
    const titles = await store.atomically(async (tx) => {
      const found: unknown[] = [];
      for (const entity of SYNC_ENTITIES) found.push((await tx.getRows(entity)).map((row) => row.title));
      return found;
    });
    expect(titles).toEqual(SYNC_ENTITIES.map((entity) => [entity]));
  });

  it('keeps rows per entity, and the meta and cursors beside them', async () => {
    const store = await open();
    await store.atomically(async (tx) => {
      await tx.putRows('project', [{ id: PROJECT, version: 1, name: 'Site' }]);
      await tx.putRows('task', [task(), task({ id: '00000000-0000-4000-8000-000000000002' })]);
      await tx.deleteRows('task', [task().id]);
      await tx.setCursor('project', '7..sig');
    });
    expect(
      await store.atomically(async (tx) => [
        (await tx.getRows('task')).map((row) => row.id),
        (await tx.getRows('project')).length,
        await tx.getCursor('project'),
        await tx.getCursor('task'),
      ]),
    ).toEqual([['00000000-0000-4000-8000-000000000002'], 1, '7..sig', null]);
  });

  it('names each user’s database after the user, and two users never see each other’s data', async () => {
    const [alice, bob] = [crypto.randomUUID(), crypto.randomUUID()];
    const aliceClient = await openClient(await open(alice), alice);
    await aliceClient.edit({ op: 'create', entity: 'project', data: { name: 'Secret' } });
    const bobClient = await openClient(await open(bob), bob);
    expect(await bobClient.entries()).toEqual([]);
    expect(await bobClient.view('project')).toEqual([]);
    expect((await indexedDB.databases()).map((database) => database.name)).toEqual(
      expect.arrayContaining([`${STORAGE_PREFIX}${alice}`, `${STORAGE_PREFIX}${bob}`]),
    );
  });

  it('keeps the outbox across a reload, and the reopened client sends it', async () => {
    const userId = crypto.randomUUID();
    const before = await open(userId);
    const client = await openClient(before, userId);
    const tmpId = await client.edit({ op: 'create', entity: 'project', data: { name: 'Hors ligne' } });
    before.close();

    const reopened = await openClient(await open(userId), userId);
    expect(reopened.clientId).toBe(client.clientId);
    expect((await reopened.entries()).map((pending) => pending.id)).toEqual([tmpId]);
    const server = new FakeSyncServer();
    expect(await reopened.flush(server.send)).toMatchObject({ status: 'sent', renamed: [{ tmpId }] });
    expect(server.applied).toEqual([1]);
  });

  it('opens, as it is, a database that the Dexie builds made (version 10, the same stores)', async () => {
    const userId = crypto.randomUUID();
    const made = await openDB(`${STORAGE_PREFIX}${userId}`, 10, {
      upgrade(db, _old, _new, transaction) {
        db.createObjectStore('tasks', { keyPath: 'id' }).createIndex('project', 'project');
        db.createObjectStore('projects', { keyPath: 'id' });
        db.createObjectStore('outbox', { keyPath: 'localId' }).createIndex('order', 'order');
        db.createObjectStore('conflicts', { keyPath: 'id' }).createIndex('order', 'order');
        db.createObjectStore('meta', { keyPath: 'key' });
        void transaction.objectStore('outbox').put({ ...entry(7), order: 0 });
        void transaction.objectStore('tasks').put(task());
      },
    });
    made.close();

    const store = await open(userId);
    expect(await store.atomically(async (tx) => [await tx.getOutbox(), await tx.getRows('task')])).toEqual([
      [entry(7)],
      [task()],
    ]);
    // Version 2 (20 here) adds the labels' and the comments' stores, empty, beside the rest.
    expect(
      await store.atomically(async (tx) => [await tx.getRows('label'), await tx.getRows('comment')]),
    ).toEqual([[], []]);
  });

  it('lets another tab delete the database: an open one closes at once rather than blocking it', async () => {
    const userId = crypto.randomUUID();
    const store = await open(userId);
    await store.atomically((tx) => tx.setOutbox([entry(1)]));
    await deleteOfflineStore(userId);
    expect(await (await open(userId)).atomically((tx) => tx.getOutbox())).toEqual([]);
  });

  it('answers "unavailable" when IndexedDB refuses to open (private mode), or is full', async () => {
    vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(await openOfflineStore(crypto.randomUUID())).toMatchObject({
      status: 'unavailable',
      reason: 'refused',
    });
    vi.spyOn(indexedDB, 'open').mockImplementationOnce(() => {
      throw new DOMException('No room left', 'QuotaExceededError');
    });
    expect(await openOfflineStore(crypto.randomUUID())).toMatchObject({
      status: 'unavailable',
      reason: 'quota',
    });
  });
});
