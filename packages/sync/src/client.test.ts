import { SYNC, type SyncBatchRequest } from '@jalon/contract';
import { describe, expect, it } from 'vitest';
import { SyncClient } from './client.ts';
import { contractChecks } from './contract-checks.ts';
import { MemoryStore } from './memory-store.ts';
import { TestServer } from './test-server.ts';
import { USER, uuids } from './test-factories.ts';
import type { BatchTransport, PullTransport } from './transport.ts';
import { byKind } from './kinds.ts';

const START = Date.parse('2026-11-23T12:00:00.000Z');

async function setUp() {
  const server = new TestServer();
  const store = new MemoryStore();
  const clock = { now: START };
  const newId = uuids();
  const open = () =>
    SyncClient.open({
      store,
      userId: USER,
      now: () => clock.now,
      newId,
      random: () => 0.5,
      checks: contractChecks,
    });
  const client = await open();
  const sent: SyncBatchRequest[] = [];
  const send: BatchTransport = async (request) => {
    sent.push(request);
    return server.batch(request);
  };
  const pull: PullTransport = async (request) => server.pull(request);
  return { server, store, clock, open, client, sent, send, pull };
}

const hasTmpId = (value: unknown) => JSON.stringify(value).includes('tmp-');

describe('SyncClient', () => {
  it('creates a project and a task in it offline, sends both in one batch, and ends with real ids and no overlay after a pull', async () => {
    const { client, send, pull, sent, server } = await setUp();
    const project = await client.edit({ op: 'create', entity: 'project', data: { name: 'Site' } });
    const task = await client.edit({ op: 'create', entity: 'task', data: { title: 'Maquette', project } });
    expect(project).toMatch(/^tmp-/);
    expect(await client.view('task')).toEqual([{ id: task, version: 0, title: 'Maquette', project }]);

    expect(await client.flush(send)).toEqual({
      status: 'sent',
      batches: 1,
      renamed: [
        { tmpId: project, id: project.slice(4) },
        { tmpId: task, id: task.slice(4) },
      ],
    });
    expect(sent[0]!.operations.map((operation) => [operation.seq, operation.op, operation.id])).toEqual([
      [1, 'upsert', project],
      [2, 'upsert', task],
    ]);
    // Acked, not yet pulled: shown from the overlay under the real id, at the server's version.
    expect(await client.view('task')).toEqual([
      { id: task.slice(4), version: 1, title: 'Maquette', project: project.slice(4) },
    ]);

    // The first read fills an empty copy (one page of every kind): no change to tell the screens of.
    expect(await client.pull(pull)).toEqual({ status: 'pulled', pages: 1, changed: false });
    expect(await client.entries()).toEqual([]);
    expect(await client.view('task')).toEqual(
      [server.rows.task.get(task.slice(4))!].map(({ changeSeq: _seq, ...row }) => row),
    );
    expect(hasTmpId(await client.view('project'))).toBe(false);
  });

  it('tells a pull that moved rows of the copy from one that found nothing new', async () => {
    const { client, send, pull, server } = await setUp();
    const id = (await client.edit({ op: 'create', entity: 'task', data: { title: 'A', progress: 0 } })).slice(
      4,
    );
    await client.flush(send);
    expect(await client.pull(pull)).toMatchObject({ status: 'pulled', changed: false });
    expect(await client.pull(pull)).toMatchObject({ status: 'pulled', changed: false });
    server.write('task', id, { progress: 50 });
    expect(await client.pull(pull)).toMatchObject({ status: 'pulled', changed: true });
    expect(await client.pull(pull)).toMatchObject({ status: 'pulled', changed: false });
  });

  it('merges a patch with a concurrent change to another field', async () => {
    const { client, send, pull, server } = await setUp();
    const id = (await client.edit({ op: 'create', entity: 'task', data: { title: 'A', progress: 0 } })).slice(
      4,
    );
    await client.flush(send);
    await client.pull(pull);
    server.write('task', id, { progress: 50 });
    await client.edit({ op: 'patch', entity: 'task', id, data: { title: 'B' } });
    await client.flush(send);
    await client.pull(pull);
    expect(await client.view('task')).toMatchObject([{ id, title: 'B', progress: 50, version: 3 }]);
    expect(await client.conflicts()).toEqual([]);
  });

  it('records a true clash, holds later edits on that task, and releases them after a replay that goes first', async () => {
    const { client, send, pull, server, sent } = await setUp();
    const id = (await client.edit({ op: 'create', entity: 'task', data: { title: 'A', progress: 0 } })).slice(
      4,
    );
    await client.flush(send);
    await client.pull(pull);
    server.write('task', id, { title: 'Serveur' });
    await client.edit({ op: 'patch', entity: 'task', id, data: { title: 'Client' } });
    await client.flush(send);

    const [conflict] = await client.conflicts();
    expect(conflict).toMatchObject({
      entity: 'task',
      entityId: id,
      reason: 'version_mismatch',
      fields: ['title'],
      serverVersion: 2,
      clientVersion: 1,
      originalData: { title: 'Client' },
      resolved: false,
    });

    await client.edit({ op: 'patch', entity: 'task', id, data: { title: 'Client 2' } });
    expect(await client.flush(send)).toEqual({ status: 'idle' });
    expect((await client.entries()).map((entry) => entry.held)).toEqual([true]);

    await client.resolve(conflict!.id, { action: 'replayClient' });
    expect(await client.flush(send)).toMatchObject({ status: 'sent' });
    expect(
      sent.at(-1)!.operations.map((operation) => [operation.version, operation.data, operation.base]),
    ).toEqual([
      [2, { title: 'Client' }, { title: 'Serveur' }],
      [1, { title: 'Client 2' }, { title: 'A' }],
    ]);
    // The held edit was made on top of the clash ('A' as its base), so it clashes in turn: the person decides again.
    expect((await client.conflicts()).filter((record) => !record.resolved)).toHaveLength(1);
    await client.pull(pull);
    expect((await client.view('task'))[0]).toMatchObject({ title: 'Client' });
  });

  it('retries a network error with the backoff, resending the same seqs', async () => {
    const { client, send, clock, server, sent } = await setUp();
    await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
    const seqs: number[][] = [];
    const flaky: BatchTransport = async (request) => {
      seqs.push(request.operations.map((operation) => operation.seq));
      throw new TypeError('Failed to fetch');
    };
    expect(await client.flush(flaky)).toEqual({
      status: 'failed',
      failures: 1,
      nextAttemptAt: START + SYNC.backoffBaseMs * 1.075,
    });
    expect(await client.flush(send)).toEqual({ status: 'waiting', until: START + 4_300 });
    clock.now += 4_300;
    expect(await client.flush(async () => ({ status: 503, body: null }))).toMatchObject({
      status: 'failed',
      failures: 2,
      nextAttemptAt: clock.now + 8_600,
    });
    clock.now += 8_600;
    expect(await client.flush(send)).toMatchObject({ status: 'sent' });
    expect([...seqs, ...sent.map((request) => request.operations.map((operation) => operation.seq))]).toEqual(
      [[1], [1]],
    );
    expect(server.lastSeq(client.clientId)).toBe(1);
    expect(await client.meta()).toMatchObject({ failures: 0, nextAttemptAt: null });
  });

  it('sends at once after retryNow (back online), keeping the failure count until a success and any pause', async () => {
    const { client, send, clock } = await setUp();
    await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
    const down: BatchTransport = async () => Promise.reject(new TypeError('Failed to fetch'));
    await client.flush(down);
    await client.retryNow();
    expect(await client.flush(down)).toEqual({
      status: 'failed',
      failures: 2,
      nextAttemptAt: clock.now + 8_600,
    });
    await client.retryNow();
    expect(await client.flush(send)).toMatchObject({ status: 'sent', batches: 1 });
    expect(await client.meta()).toMatchObject({ failures: 0, nextAttemptAt: null });

    await client.edit({ op: 'create', entity: 'project', data: { name: 'Q' } });
    await client.flush(async () => ({ status: 401, body: null }));
    await client.retryNow();
    expect(await client.flush(send)).toEqual({ status: 'paused', reason: 'unauthorized' });
  });

  it('applies once when the answer is lost after the server committed', async () => {
    const { client, send, server } = await setUp();
    const id = (await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } })).slice(4);
    const lostAnswer: BatchTransport = async (request) => {
      server.batch(request);
      throw new TypeError('Network lost');
    };
    await client.flush(lostAnswer);
    await client.resume();
    expect(await client.flush(send)).toMatchObject({ status: 'sent' });
    expect(server.rows.project.get(id)!.version).toBe(1);
    expect((await client.entries()).map((entry) => entry.state)).toEqual(['acked']);
  });

  it('carries on after a crash between the answer and its storage, from the store alone', async () => {
    const { client, open, send, pull, server } = await setUp();
    await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
    // The process dies while the request is out: the server commits, the device never stores the answer.
    let committed: () => void = () => {};
    const delivered = new Promise<void>((resolve) => (committed = resolve));
    void client.flush(async (request) => {
      server.batch(request);
      committed();
      return new Promise(() => {});
    });
    await delivered;
    const restarted = await open();
    expect(restarted.clientId).toBe(client.clientId);
    expect(await restarted.flush(send)).toMatchObject({ status: 'sent' });
    await restarted.pull(pull);
    expect(await restarted.entries()).toEqual([]);
    expect(server.rows.project.size).toBe(1);
  });

  it('keeps one batch in flight', async () => {
    const { client, send } = await setUp();
    await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
    const [first, second] = await Promise.all([client.flush(send), client.flush(send)]);
    expect(first.status).toBe('sent');
    expect(second).toEqual({ status: 'busy' });
  });

  it('pauses on 401 and keeps everything until resumed', async () => {
    const { client, send } = await setUp();
    await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
    expect(await client.flush(async () => ({ status: 401, body: { code: 'unauthorized' } }))).toEqual({
      status: 'paused',
      reason: 'unauthorized',
    });
    expect(await client.flush(send)).toEqual({ status: 'paused', reason: 'unauthorized' });
    expect((await client.entries()).map((entry) => [entry.seq, entry.state])).toEqual([[1, 'sent']]);
    await client.resume();
    expect(await client.flush(send)).toMatchObject({ status: 'sent' });
  });

  it('answers out_of_order by resending, under their seqs, the operations the server lost', async () => {
    const { client, send, server } = await setUp();
    await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
    await client.flush(send);
    await client.edit({ op: 'create', entity: 'project', data: { name: 'Q' } });
    // The server was restored from a backup taken before seq 1.
    const restored = new TestServer();
    const seqs: number[][] = [];
    const after: BatchTransport = async (request) => {
      seqs.push(request.operations.map((operation) => operation.seq));
      return restored.batch(request);
    };
    expect(await client.flush(after)).toMatchObject({ status: 'sent', batches: 1 });
    expect(seqs).toEqual([[2], [1, 2]]);
    expect(restored.rows.project.size).toBe(2);
    expect(server.rows.project.size).toBe(1);
  });

  it('pauses on out_of_order when the lost operations are no longer on the device', async () => {
    const { client, send, pull } = await setUp();
    await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
    await client.flush(send);
    await client.pull(pull);
    await client.edit({ op: 'create', entity: 'project', data: { name: 'Q' } });
    const restored = new TestServer();
    expect(await client.flush(async (request) => restored.batch(request))).toEqual({
      status: 'paused',
      reason: 'out_of_order',
    });
  });

  it('reads everything again on resetRequired, replacing the rows and keeping pending edits', async () => {
    const { client, send, pull, server } = await setUp();
    const id = (await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } })).slice(4);
    await client.flush(send);
    await client.pull(pull);
    await client.edit({ op: 'patch', entity: 'project', id, data: { name: 'Locale' } });
    server.rows.project.delete(id);
    const other = '00000000-0000-4000-8000-0000000000ff';
    server.rows.project.set(other, {
      id: other,
      version: 1,
      name: 'Restaurée',
      deletedAt: null,
      changeSeq: 99,
    });
    const requests: Array<string | null> = [];
    const resetting: PullTransport = async (request) => {
      requests.push(request.since);
      return request.since === null
        ? server.pull(request)
        : { ...server.pull(request), rows: byKind(() => []), resetRequired: true };
    };
    await client.pull(resetting);
    expect(requests.slice(0, 2)).toEqual([expect.any(String), null]);
    expect(await client.view('project')).toEqual([
      { id: other, version: 1, name: 'Restaurée', deletedAt: null },
    ]);
    expect((await client.entries()).map((entry) => entry.op)).toEqual(['patch']);
  });

  it('reads every kind with one request per page, and reads a copy again in full when its kinds were read to different cursors', async () => {
    const { client, send, pull, store } = await setUp();
    await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } });
    await client.flush(send);
    const requests: Array<string | null> = [];
    const counting: PullTransport = async (request) => {
      requests.push(request.since);
      return pull(request);
    };
    await client.pull(counting);
    await client.pull(counting);
    expect(requests).toEqual([null, expect.stringMatching(/\.\.sig$/)]);
    // A copy its kinds were read into one by one (before the single read) keeps a cursor of each.
    await store.atomically((tx) => tx.setCursor('label', '0..sig'));
    await client.pull(counting);
    expect(requests.at(-1)).toBeNull();
    await client.pull(counting);
    expect(requests.at(-1)).toEqual(expect.any(String));
  });

  it('drops acked entries only once the last page of a read is stored', async () => {
    const { client, send, server } = await setUp();
    const id = (await client.edit({ op: 'create', entity: 'project', data: { name: 'P' } })).slice(4);
    await client.flush(send);
    const shown: number[] = [];
    const paged: PullTransport = async (request) => {
      const page = server.pull(request);
      const first = request.since === null;
      shown.push((await client.entries()).length);
      return first ? { ...page, rows: byKind(() => []), hasMore: true, cursor: '0..sig' } : page;
    };
    await client.pull(paged);
    // While the first page (without the project) was stored, the acked create stayed on top.
    expect(shown).toEqual([1, 1]);
    expect(await client.entries()).toEqual([]);
    expect((await client.view('project')).map((row) => row.id)).toEqual([id]);
  });

  it('discards an unsent edit, which is then never sent, but keeps one already numbered', async () => {
    const { client, send, sent } = await setUp();
    const id = await client.edit({ op: 'create', entity: 'task', data: { title: 'Envoyée' } });
    await client.flush(async () => {
      throw new TypeError('Failed to fetch');
    });
    await client.edit({ op: 'create', entity: 'task', data: { title: 'Abandonnée' } });
    const [numbered, unsent] = await client.entries();
    expect(await client.discard(numbered!.localId)).toBe(false);
    expect(await client.discard(unsent!.localId)).toBe(true);
    expect((await client.view('task')).map((row) => row.title)).toEqual(['Envoyée']);
    await client.resume();
    await client.flush(send);
    expect(sent.flatMap((request) => request.operations.map((operation) => operation.id))).toEqual([id]);
  });

  it('reads its whole state in one go, rows only when asked, and knows when a full read completed', async () => {
    const { client, send, pull } = await setUp();
    const id = await client.edit({ op: 'create', entity: 'task', data: { title: 'Locale' } });
    const before = await client.state({ rows: false });
    expect(before).toMatchObject({
      hasCopy: false,
      conflicts: [],
      outbox: [{ id, state: 'pending', held: false }],
    });
    expect(before.rows).toBeUndefined();
    await client.flush(send);
    await client.pull(pull);
    const after = await client.state({ rows: true });
    expect(after.hasCopy).toBe(true);
    expect(after.rows!.task.map((row) => row.title)).toEqual(['Locale']);
  });

  it('answers the rows again, to a caller keeping older ones, once a pull changed them (an edit’s state too)', async () => {
    const { client, send, pull } = await setUp();
    await client.pull(pull);
    const seen = (await client.state({ rows: true })).meta.rowsRevision;
    expect((await client.state({ rows: false, rowsSeen: seen })).rows).toBeUndefined();
    await client.edit({ op: 'create', entity: 'task', data: { title: 'Locale' } });
    await client.flush(send);
    await client.pull(pull);
    // The pull took the acked create over: an outbox without it, on the rows from before, would lack the task.
    const after = await client.state({ rows: false, rowsSeen: seen });
    expect(after.outbox).toEqual([]);
    expect(after.rows!.task.map((row) => row.title)).toEqual(['Locale']);
    const { state } = await client.recordEdit(
      { op: 'create', entity: 'project', data: { name: 'Relevé' } },
      { rowsSeen: seen },
    );
    expect(state.rows!.task.map((row) => row.title)).toEqual(['Locale']);
    expect((await client.state({ rows: false, rowsSeen: after.meta.rowsRevision })).rows).toBeUndefined();
  });

  it('answers an edit with the state it leaves, the same that reading it afterwards gives', async () => {
    const { client } = await setUp();
    const { id, state } = await client.recordEdit({
      op: 'create',
      entity: 'project',
      data: { name: 'Relevé' },
    });
    expect(state.outbox.map((entry) => [entry.id, entry.held])).toEqual([[id, false]]);
    expect(state).toEqual(await client.state({ rows: false }));
  });

  it('records a create made twice under the screen’s id once: before sending, after the answer and after the pull', async () => {
    const { client, send, pull, sent } = await setUp();
    const id = 'tmp-00000000-0000-4000-8000-00000000c0de';
    const create = { op: 'create' as const, entity: 'project' as const, id, data: { name: 'Une fois' } };
    expect(await client.edit(create)).toBe(id);
    expect(await client.edit(create)).toBe(id);
    expect((await client.entries()).map((entry) => entry.id)).toEqual([id]);
    await client.flush(send);
    expect(await client.edit(create)).toBe(id.slice(4));
    await client.pull(pull);
    expect(await client.edit(create)).toBe(id.slice(4));
    await client.flush(send);
    expect(sent.flatMap((request) => request.operations.map((operation) => operation.id))).toEqual([id]);
    expect((await client.view('project')).map((row) => row.name)).toEqual(['Une fois']);
  });

  it('refuses a store that belongs to another user', async () => {
    const { store } = await setUp();
    await expect(
      SyncClient.open({
        store,
        userId: '00000000-0000-4000-8000-0000000000d2',
        now: () => START,
        newId: uuids(),
        checks: contractChecks,
      }),
    ).rejects.toThrow('another user');
  });
});
