import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SyncClient } from './client.ts';
import { contractChecks } from './contract-checks.ts';
import { MemoryStore } from './memory-store.ts';
import type { Row } from './store.ts';
import { TestServer } from './test-server.ts';
import { PROJECT_B, projectRow, TASK_2, taskRow, USER, uuids } from './test-factories.ts';
import type { BatchTransport, PullTransport } from './transport.ts';

const START = Date.parse('2026-11-23T12:00:00.000Z');

// What one step does; targets are indexes into what that device currently shows, so every edit is valid there.
const action = fc.oneof(
  fc.record({ kind: fc.constant('createProject' as const), name: fc.constantFrom('p', 'q') }),
  fc.record({
    kind: fc.constant('createTask' as const),
    title: fc.constantFrom('a', 'b'),
    project: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('patchTask' as const),
    target: fc.nat(),
    title: fc.constantFrom('a', 'b', 'c'),
    progress: fc.option(fc.constantFrom(0, 50), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('moveTask' as const), target: fc.nat(), project: fc.nat() }),
  fc.record({
    kind: fc.constant('delete' as const),
    entity: fc.constantFrom('task' as const, 'project' as const),
    target: fc.nat(),
  }),
  fc.record({
    kind: fc.constantFrom(
      'flush' as const,
      'flushLostAnswer' as const,
      'flushNetworkDown' as const,
      'backOnline' as const,
      'pull' as const,
      'crash' as const,
    ),
  }),
  fc.record({
    kind: fc.constant('restWrite' as const),
    target: fc.nat(),
    title: fc.constantFrom('a', 'b', 'c'),
  }),
);
const step = fc.record({ device: fc.constantFrom(0, 1), action });
type Action = typeof action extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items[index % Math.max(items.length, 1)];
const serverRows = (server: TestServer, entity: 'task' | 'project'): Row[] =>
  [...server.rows[entity].values()].filter((row) => !row.deletedAt).map(({ changeSeq: _seq, ...row }) => row);
const byId = (rows: Row[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/** Both devices start from the same rows, read before going offline, so that their edits can meet. */
function seeded(): TestServer {
  const server = new TestServer();
  for (const project of [projectRow(), projectRow({ id: PROJECT_B, name: 'Autre' })])
    server.rows.project.set(project.id, { ...project, changeSeq: 0 });
  for (const task of [taskRow(), taskRow({ id: TASK_2, title: 'Autre', project: PROJECT_B })])
    server.rows.task.set(task.id, { ...task, changeSeq: 0 });
  return server;
}

interface Device {
  store: MemoryStore;
  client: SyncClient;
}

async function play(
  device: Device,
  action: Action,
  server: TestServer,
  clock: { now: number },
  open: (store: MemoryStore) => Promise<SyncClient>,
) {
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
      if (project)
        await client.edit({
          op: 'create',
          entity: 'task',
          data: { title: action.title, progress: 0, project },
        });
      return;
    }
    case 'patchTask': {
      const id = pick(tasks, action.target);
      const data =
        action.progress === undefined
          ? { title: action.title }
          : { title: action.title, progress: action.progress };
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
      return void (await client.flush(
        async (request) => (server.batch(request), { status: 503, body: null }),
      ));
    case 'flushNetworkDown':
      return void (await client.flush(async () => Promise.reject(new TypeError('Failed to fetch'))));
    case 'backOnline':
      // The browser came back online: the send goes at once, whatever the backoff.
      await client.retryNow();
      return void (await client.flush(send));
    case 'pull':
      return void (await client.pull(pull));
    case 'restWrite': {
      // Someone else edits a task through the REST API.
      const live = serverRows(server, 'task');
      const row = pick(live, action.target);
      if (row) server.write('task', row.id, { title: action.title });
      return;
    }
    case 'crash':
      device.client = await open(device.store);
      clock.now += 60_000;
      return;
  }
}

type Settle = 'markResolved' | 'applyServer' | 'replayClient';

/**
 * Every device settles its conflicts, waits out its backoff, sends and pulls, until nothing is left. The
 * first round settles with the chosen action (where it applies); later ones mark resolved, so that a
 * replay that clashes again (on a row deleted meanwhile) cannot go on forever.
 */
async function quiesce(
  devices: Device[],
  server: TestServer,
  clock: { now: number },
  settle: Settle = 'markResolved',
) {
  for (let round = 0; round < 20; round += 1) {
    let busy = false;
    for (const { client } of devices) {
      for (const conflict of await client.conflicts()) {
        if (conflict.resolved) continue;
        const usable =
          round === 0 &&
          (settle !== 'applyServer' || conflict.serverData) &&
          (settle !== 'replayClient' ||
            conflict.op === 'delete' ||
            Object.keys(conflict.originalData).length > 0);
        await client.resolve(conflict.id, { action: usable ? settle : 'markResolved' });
      }
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
  it('after random offline edits, REST writes, lost answers, network errors, returns online and crashes, and any way of settling conflicts, every device shows the server rows, with no overlay and no tmp- id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { maxLength: 50 }),
        fc.constantFrom<Settle>('markResolved', 'applyServer', 'replayClient'),
        async (steps, settle) => {
          const server = seeded();
          const clock = { now: START };
          const newId = uuids();
          const open = (store: MemoryStore) =>
            SyncClient.open({
              store,
              userId: USER,
              now: () => clock.now,
              newId,
              random: () => 0.5,
              checks: contractChecks,
            });
          const devices: Device[] = [];
          for (let index = 0; index < 2; index += 1) {
            const store = new MemoryStore();
            const client = await open(store);
            await client.pull(async (request) => server.pull(request));
            devices.push({ store, client });
          }
          for (const { device, action } of steps) await play(devices[device]!, action, server, clock, open);
          await quiesce(devices, server, clock, settle);
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
        },
      ),
      { numRuns: 300 },
    );
    // 300 random histories: seconds on a shared machine, never a timing claim.
  }, 60_000);

  it('a single device that only meets network faults never conflicts with itself', async () => {
    const ownActions = action.filter((next) => next.kind !== 'restWrite');
    await fc.assert(
      fc.asyncProperty(fc.array(ownActions, { maxLength: 40 }), async (actions) => {
        const server = new TestServer();
        const clock = { now: START };
        const newId = uuids();
        const open = (store: MemoryStore) =>
          SyncClient.open({
            store,
            userId: USER,
            now: () => clock.now,
            newId,
            random: () => 0.5,
            checks: contractChecks,
          });
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
