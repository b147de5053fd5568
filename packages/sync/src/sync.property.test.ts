import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SyncClient } from './client.ts';
import { MemoryStore } from './memory-store.ts';
import type { Row } from './store.ts';
import { TestServer } from './test-server.ts';
import { USER, uuids } from './test-factories.ts';
import type { BatchTransport, PullTransport } from './transport.ts';

const START = Date.parse('2026-11-23T12:00:00.000Z');

// What one step does; targets are indexes into what that device currently shows, so every edit is valid there.
const action = fc.oneof(
  fc.record({ kind: fc.constant('createProject' as const), name: fc.constantFrom('p', 'q') }),
  fc.record({ kind: fc.constant('createTask' as const), title: fc.constantFrom('a', 'b'), project: fc.nat() }),
  fc.record({ kind: fc.constant('patchTask' as const), target: fc.nat(), title: fc.constantFrom('a', 'b', 'c'), progress: fc.option(fc.constantFrom(0, 50), { nil: undefined }) }),
  fc.record({ kind: fc.constant('moveTask' as const), target: fc.nat(), project: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), entity: fc.constantFrom('task' as const, 'project' as const), target: fc.nat() }),
  fc.record({ kind: fc.constantFrom('flush' as const, 'flushLostAnswer' as const, 'flushNetworkDown' as const, 'pull' as const, 'crash' as const) }),
);
const step = fc.record({ device: fc.constantFrom(0, 1), action });
type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(items: readonly T[], index: number): T | undefined => items[index % Math.max(items.length, 1)];
const serverRows = (server: TestServer, entity: 'task' | 'project'): Row[] =>
  [...server.rows[entity].values()].filter((row) => !row.deletedAt).map(({ changeSeq: _seq, ...row }) => row);
const byId = (rows: Row[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

interface Device {
  store: MemoryStore;
  client: SyncClient;
}

async function play(device: Device, action: Action, server: TestServer, clock: { now: number }, open: (store: MemoryStore) => Promise<SyncClient>) {
  const send: BatchTransport = async (request) => server.batch(request);
  const pull: PullTransport = async (request) => server.pull(request);
  const { client } = device;
  const tasks = (await client.view('task')).map((row) => row.id);
  const projects = (await client.view('project')).map((row) => row.id);
  switch (action.kind) {
    case 'createProject':
      return void (await client.edit({ op: 'create', entity: 'project', data: { name: action.name } }));
    case 'createTask': {
      const project = pick(projects, action.project);
      if (project) await client.edit({ op: 'create', entity: 'task', data: { title: action.title, progress: 0, project } });
      return;
    }
    case 'patchTask': {
      const id = pick(tasks, action.target);
      const data = action.progress === undefined ? { title: action.title } : { title: action.title, progress: action.progress };
      if (id) await client.edit({ op: 'patch', entity: 'task', id, data });
      return;
    }
    case 'moveTask': {
      const [id, project] = [pick(tasks, action.target), pick(projects, action.project)];
      if (id && project) await client.edit({ op: 'patch', entity: 'task', id, data: { project } });
      return;
    }
    case 'delete': {
      const id = pick(action.entity === 'task' ? tasks : projects, action.target);
      if (id) await client.edit({ op: 'delete', entity: action.entity, id });
      return;
    }
    case 'flush':
      return void (await client.flush(send));
    case 'flushLostAnswer':
      // The server commits, the answer never arrives.
      return void (await client.flush(async (request) => (server.batch(request), { status: 503, body: null })));
    case 'flushNetworkDown':
      return void (await client.flush(async () => Promise.reject(new TypeError('Failed to fetch'))));
    case 'pull':
      return void (await client.pull(pull));
    case 'crash':
      device.client = await open(device.store);
      clock.now += 60_000;
      return;
  }
}

/** Every device settles its conflicts (mark resolved), waits out its backoff, sends and pulls, until nothing is left. */
async function quiesce(devices: Device[], server: TestServer, clock: { now: number }) {
  for (let round = 0; round < 20; round += 1) {
    let busy = false;
    for (const { client } of devices) {
      for (const conflict of await client.conflicts()) if (!conflict.resolved) await client.resolve(conflict.id, { action: 'markResolved' });
      clock.now += 10 * 60_000;
      const flushed = await client.flush(async (request) => server.batch(request));
      await client.pull(async (request) => server.pull(request));
      busy ||= flushed.status === 'sent' || (await client.entries()).length > 0;
    }
    if (!busy) return;
  }
  throw new Error('No quiescence after 20 rounds');
}

describe('sync properties (two devices against the reference server)', () => {
  it('after random offline edits, lost answers, network errors and crashes, every device shows the server rows, with no overlay and no tmp- id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
        const server = new TestServer();
        const clock = { now: START };
        const newId = uuids();
        const open = (store: MemoryStore) => SyncClient.open({ store, userId: USER, now: () => clock.now, newId, random: () => 0.5 });
        const devices: Device[] = [];
        for (let index = 0; index < 2; index += 1) {
          const store = new MemoryStore();
          devices.push({ store, client: await open(store) });
        }
        for (const { device, action } of steps) await play(devices[device]!, action, server, clock, open);
        await quiesce(devices, server, clock);
        for (const { client } of devices) {
          expect(await client.entries()).toEqual([]);
          for (const entity of ['task', 'project'] as const) {
            const view = byId(await client.view(entity));
            expect(view).toEqual(byId(serverRows(server, entity)));
            expect(JSON.stringify(view)).not.toContain('tmp-');
          }
          // Numbers were consumed in order, none skipped: the server processed every seq the device assigned.
          expect(server.lastSeq(client.clientId)).toBe((await client.meta()).lastSeq);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a single device that only meets network faults never conflicts with itself', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { maxLength: 40 }), async (actions) => {
        const server = new TestServer();
        const clock = { now: START };
        const newId = uuids();
        const open = (store: MemoryStore) => SyncClient.open({ store, userId: USER, now: () => clock.now, newId, random: () => 0.5 });
        const store = new MemoryStore();
        const device = { store, client: await open(store) };
        for (const next of actions) await play(device, next, server, clock, open);
        await quiesce([device], server, clock);
        expect(await device.client.conflicts()).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
