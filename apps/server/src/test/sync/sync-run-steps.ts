import fc from 'fast-check';
import type { TestContext } from '../test-app.ts';
import { armFailure } from './sync-fault-sql.ts';
import type { Network, SendFault, SimDevice, SimUser } from './sync-simulation.ts';

/** What one run of the property test shares between its steps and its checks. */
export interface RunState {
  ctx: TestContext;
  network: Network;
  clock: { now: number };
  /** a: two devices, b: one device, c: writes through REST only, admin: deletes labels through REST. */
  users: { a: SimUser; b: SimUser; c: SimUser; admin: SimUser };
  /** a's session was revoked and a has not signed in again. */
  revoked: boolean;
  restEvents: RestEvent[];
  purges: PurgeRecord[];
  devices: SimDevice[];
  /** The REST user's own raw batches (hostile operations beside a plain one): its device id and next seq. */
  rogue: { clientId: string; nextSeq: number };
  /** Versions a device showed going back, found after each of its steps. */
  wentBack: string[];
  signInAgain(): Promise<void>;
}

/** A REST write the server accepted (its change sequence is found in the write log afterwards). */
export interface RestEvent {
  /** A task's, unless it says `label` (an administrator's delete). */
  entity?: 'label';
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

/**
 * Text the database cannot store, in every text a device or the REST user writes now and then (issue 31):
 * the server refuses it (an operation's `invalid`, a 400) and the devices still converge.
 */
export const unstorableText = fc.constantFrom('nul\u0000', '\ud800', 'fin \udfff', '\udc00\ud800');
const text = (...values: string[]) =>
  fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: unstorableText });
const title = text('a', 'b', 'c');
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

// Targets are indexes into what the device (or the REST user) currently sees, so every edit is valid there.
const deviceAction = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('createProject' as const),
      name: text('Projet p', 'Projet q'),
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
  // Names that clash ignoring case and accents, so two devices offline make the same label now and then.
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('createLabel' as const),
      name: fc.constantFrom('Écran', 'ecran', 'Client'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('labelTask' as const),
      target: fc.nat(),
      labels: fc.array(fc.nat(), { maxLength: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('patchProject' as const),
      target: fc.nat(),
      name: text('Nom x', 'Nom y'),
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

/**
 * What a hostile or broken client puts in a batch (issue 31): ids in another spelling (an existing row's
 * uuid in upper case behind `tmp-`, a `TMP-` prefix, an upper-case id or reference), unstorable text in
 * `data` or `base`, arrays nested far past the limit (to 1,000 levels: the test's own JSON.stringify, deep in
 * the scheduler's stack, stops near 4,000; sync-boundary.test.ts sends 10,000 as raw text). Each must be
 * answered `invalid` on its own.
 */
const hostileOperation = fc.oneof(
  fc.record({
    kind: fc.constant('shoutCreate' as const),
    entity: fc.constantFrom('task' as const, 'project' as const),
  }),
  fc.record({ kind: fc.constant('loudTmp' as const) }),
  fc.record({ kind: fc.constant('upperPatch' as const) }),
  fc.record({ kind: fc.constant('upperReference' as const) }),
  fc.record({ kind: fc.constant('badText' as const), text: unstorableText, inBase: fc.boolean() }),
  fc.record({ kind: fc.constant('deepArray' as const), depth: fc.integer({ min: 40, max: 1_000 }) }),
);
export type HostileOperation = typeof hostileOperation extends fc.Arbitrary<infer T> ? T : never;

const restAction = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('restPatch' as const), target: fc.nat(), title }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restCreate' as const), project: fc.nat(), title }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restDelete' as const), target: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteLabel' as const), target: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('purge' as const), after: fc.integer({ min: 0, max: 12 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('revoke' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('rogueBatch' as const),
      target: fc.nat(),
      hostile: hostileOperation,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('signIn' as const) }) },
);
export type RestAction = typeof restAction extends fc.Arbitrary<infer T> ? T : never;

export const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ actor: fc.constantFrom(0, 1, 2), action: deviceAction }) },
  { weight: 1, arbitrary: fc.record({ actor: fc.constant('rest' as const), action: restAction }) },
);
export type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

export const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items[index % Math.max(items.length, 1)];

/** Plays one step of a device (the REST user's are in sync-rest-steps.ts). */
export async function playDevice(state: RunState, device: SimDevice, action: DeviceAction): Promise<void> {
  const { client } = device;
  const tasks = (await client.view('task')).map((row) => row.id);
  const projects = (await client.view('project')).map((row) => row.id);
  const labels = (await client.view('label')).map((row) => row.id);
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
    case 'createLabel':
      await client.edit({ op: 'create', entity: 'label', data: { name: action.name, color: 'blue' } });
      break;
    case 'labelTask': {
      const id = pick(tasks, action.target);
      // Picked as the device lists them, possibly twice and in any order: the server keeps the set.
      const chosen = action.labels.map((index) => pick(labels, index)).filter((label) => label !== undefined);
      if (id) await client.edit({ op: 'patch', entity: 'task', id, data: { labels: chosen } });
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
      state.network.armed += 1;
      await armFailure(state.ctx.db, action.strikeAt);
      try {
        await device.flush('none');
      } finally {
        await armFailure(state.ctx.db, null);
        state.network.armed -= 1;
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
