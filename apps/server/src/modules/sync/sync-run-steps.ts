import fc from 'fast-check';
import { inject, type TestContext } from '../../test/test-app.ts';
import { TombstonePurge } from './tombstone-purge.ts';
import { ageTombstones, armFailure, changeCounterValue } from './sync-fault-sql.ts';
import type { Network, SendFault, SimDevice, SimUser } from './sync-simulation.ts';
import { sql } from 'drizzle-orm';

/** What one run of the property test shares between its steps and its checks. */
export interface RunState {
  ctx: TestContext;
  network: Network;
  clock: { now: number };
  /** a: two devices, b: one device, c: writes through REST only. */
  users: { a: SimUser; b: SimUser; c: SimUser };
  /** a's session was revoked and a has not signed in again. */
  revoked: boolean;
  restEvents: RestEvent[];
  purges: PurgeRecord[];
  devices: SimDevice[];
  /** Versions a device showed going back, found after each of its steps. */
  wentBack: string[];
  signInAgain(): Promise<void>;
}

/** A REST write the server accepted (its change sequence is found in the write log afterwards). */
export interface RestEvent {
  op: 'create' | 'patch' | 'delete';
  id: string;
  version?: number;
  data: Record<string, unknown>;
}

/** A purge and the change sequences that may have run alongside it. */
export interface PurgeRecord {
  from: number;
  until: number;
  ids: string[];
}

const title = fc.constantFrom('a', 'b', 'c');
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

// Targets are indexes into what the device (or the REST user) currently sees, so every edit is valid there.
const deviceAction = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('createProject' as const),
      name: fc.constantFrom('Projet p', 'Projet q'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('createTask' as const),
      title,
      project: fc.nat(),
      status: maybe(fc.constantFrom('todo', 'done')),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('patchTask' as const),
      target: fc.nat(),
      title: maybe(title),
      progress: maybe(fc.constantFrom(0, 50, 100)),
      status: maybe(fc.constantFrom('todo', 'in_progress', 'done')),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('moveTask' as const), target: fc.nat(), project: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('patchProject' as const),
      target: fc.nat(),
      name: fc.constantFrom('Nom x', 'Nom y'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      entity: fc.constantFrom('task' as const, 'project' as const),
      target: fc.nat(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('flush' as const),
      fault: fc.constantFrom<SendFault | 'dbError'>(
        'none',
        'none',
        'dropRequest',
        'dropAnswer',
        'duplicate',
        'crashAfterAnswer',
        'dbError',
      ),
      strikeAt: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('pull' as const),
      stale: fc.option(fc.nat(), { nil: undefined }),
    }),
  },
  // The app pulls on an event while a flush is under way: the core allows one of each at once.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('flushWhilePulling' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('crash' as const) }) },
);
type DeviceAction = typeof deviceAction extends fc.Arbitrary<infer T> ? T : never;

const restAction = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('restPatch' as const), target: fc.nat(), title }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restCreate' as const), project: fc.nat(), title }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restDelete' as const), target: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('purge' as const), after: fc.integer({ min: 0, max: 12 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('revoke' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('signIn' as const) }) },
);
type RestAction = typeof restAction extends fc.Arbitrary<infer T> ? T : never;

export const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ actor: fc.constantFrom(0, 1, 2), action: deviceAction }) },
  { weight: 1, arbitrary: fc.record({ actor: fc.constant('rest' as const), action: restAction }) },
);
export type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Plays one step; a device's steps, and the REST user's, run in their order, the actors side by side. */
export function playStep(state: RunState, next: Step): Promise<void> {
  return next.actor === 'rest'
    ? playRest(state, next.action)
    : playDevice(state, state.devices[next.actor]!, next.action);
}

/** Every tombstone so far made older than the horizon, then purged; recorded for the model. */
export async function purgeTombstones(state: RunState): Promise<void> {
  const { ctx } = state;
  const from = await changeCounterValue(ctx.db);
  // The armed failure may strike the ageing itself: then there is no purge this time.
  const aged = await ageTombstones(ctx.db, 31).catch((error: unknown) => {
    if (isInjectedFailure(error)) return null;
    throw error;
  });
  if (!aged || aged.length === 0) return;
  await new TombstonePurge(ctx.db, 30, (error) => {
    throw error;
  }).runOnce();
  const until = await changeCounterValue(ctx.db);
  const left = await ctx.db.execute<{ id: string }>(
    sql`select id from tasks where id = any(${`{${aged.join(',')}}`}::uuid[]) union all select id from projects where id = any(${`{${aged.join(',')}}`}::uuid[])`,
  );
  const kept = new Set(left.rows.map((row) => row.id));
  state.purges.push({ from, until, ids: aged.filter((id) => !kept.has(id)) });
}

function isInjectedFailure(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause)
    if (current.message.includes('injected failure')) return true;
  return false;
}

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items[index % Math.max(items.length, 1)];

async function playDevice(state: RunState, device: SimDevice, action: DeviceAction): Promise<void> {
  const { client } = device;
  const tasks = (await client.view('task')).map((row) => row.id);
  const projects = (await client.view('project')).map((row) => row.id);
  switch (action.kind) {
    case 'createProject':
      await client.edit({
        op: 'create',
        entity: 'project',
        data: { name: action.name, description: '', deadline: '2027-06-30T12:00:00.000Z' },
      });
      break;
    case 'createTask': {
      const project = pick(projects, action.project);
      if (project)
        await client.edit({
          op: 'create',
          entity: 'task',
          data: { title: action.title, project, ...(action.status && { status: action.status }) },
        });
      break;
    }
    case 'patchTask': {
      const id = pick(tasks, action.target);
      const data = Object.fromEntries(
        Object.entries({ title: action.title, progress: action.progress, status: action.status }).filter(
          ([, value]) => value !== undefined,
        ),
      );
      if (id && Object.keys(data).length > 0) await client.edit({ op: 'patch', entity: 'task', id, data });
      break;
    }
    case 'moveTask': {
      const [id, project] = [pick(tasks, action.target), pick(projects, action.project)];
      if (id && project) await client.edit({ op: 'patch', entity: 'task', id, data: { project } });
      break;
    }
    case 'patchProject': {
      const id = pick(projects, action.target);
      if (id) await client.edit({ op: 'patch', entity: 'project', id, data: { name: action.name } });
      break;
    }
    case 'delete': {
      const id = pick(action.entity === 'task' ? tasks : projects, action.target);
      if (id) await client.edit({ op: 'delete', entity: action.entity, id });
      break;
    }
    case 'flush': {
      // After a 401 the device waits for its user to sign in again, then sends what it kept.
      if (
        (await client.meta()).paused === 'unauthorized' &&
        !(device.user === state.users.a && state.revoked)
      )
        await client.resume();
      state.clock.now += 10 * 60_000;
      if (action.fault !== 'dbError') {
        await device.flush(action.fault);
        break;
      }
      await armFailure(state.ctx.db, action.strikeAt);
      try {
        await device.flush('none');
      } finally {
        await armFailure(state.ctx.db, null);
      }
      break;
    }
    case 'pull':
      await device.pull(action.stale);
      break;
    case 'flushWhilePulling':
      state.clock.now += 10 * 60_000;
      await Promise.all([device.flush('none'), device.pull()]);
      break;
    case 'crash':
      await device.crash();
      break;
  }
  state.wentBack.push(...(await device.observe()));
}

async function playRest(state: RunState, action: RestAction): Promise<void> {
  const { ctx, users, network } = state;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => inject(ctx.app, { method, url, token: users.c.token, payload, headers });
  await network.gate(`REST ${action.kind}`);
  switch (action.kind) {
    case 'restPatch': {
      const task = pick(
        (await call('GET', '/api/tasks?limit=5000')).json().data as Array<{ id: string; version: number }>,
        action.target,
      );
      if (!task) return;
      await network.gate(`REST patch ${task.id} lands`);
      const response = await call(
        'PATCH',
        `/api/tasks/${task.id}`,
        { title: action.title },
        { 'x-entity-version': String(task.version) },
      );
      if (response.statusCode === 200)
        state.restEvents.push({
          op: 'patch',
          id: task.id,
          version: response.json().data.version,
          data: { title: action.title },
        });
      return;
    }
    case 'restCreate': {
      const project = pick(
        (await call('GET', '/api/projects')).json().data as Array<{ id: string }>,
        action.project,
      );
      if (!project) return;
      await network.gate(`REST create in ${project.id} lands`);
      const response = await call('POST', '/api/tasks', { title: action.title, project: project.id });
      if (response.statusCode === 201)
        state.restEvents.push({
          op: 'create',
          id: response.json().data.id,
          data: { title: action.title, project: project.id },
        });
      return;
    }
    case 'restDelete': {
      const own = (
        (await call('GET', '/api/tasks?limit=5000')).json().data as Array<{ id: string; createdBy: string }>
      ).filter((task) => task.createdBy === users.c.id);
      const task = pick(own, action.target);
      if (!task) return;
      await network.gate(`REST delete ${task.id} lands`);
      const response = await call('DELETE', `/api/tasks/${task.id}`);
      if (response.statusCode === 200) state.restEvents.push({ op: 'delete', id: task.id, data: {} });
      return;
    }
    case 'purge': {
      // Later in the run, once devices have sent deletes: every tombstone so far is made older than the
      // horizon, then purged; devices that were away must read everything again.
      for (let wait = 0; wait < action.after; wait += 1) await network.gate('REST purge waits');
      await purgeTombstones(state);
      return;
    }
    case 'revoke': {
      if (state.revoked) return;
      const response = await inject(ctx.app, {
        method: 'DELETE',
        url: `/api/auth/sessions/${users.a.sessionId}`,
        token: users.a.token,
      });
      if (response.statusCode !== 200) throw new Error(`revoke: ${response.statusCode} ${response.body}`);
      state.revoked = true;
      return;
    }
    case 'signIn':
      if (state.revoked) await state.signInAgain();
      return;
  }
}
