import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResolutionError, type Resolution } from '@jalon/sync';
import {
  createTestContext,
  inject,
  login,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-chain.ts';
import { installInstruments, wipeEntities } from '../../test/sync/sync-fault-sql.ts';
import { Network, SimDevice, type SimUser } from '../../test/sync/sync-simulation.ts';
import { checkRun, snapshotRows } from '../../test/sync/sync-run-checks.ts';
import { playRest, purgeTombstones } from '../../test/sync/sync-rest-steps.ts';
import { playDevice, step, type RunState, type Step } from '../../test/sync/sync-run-steps.ts';

/**
 * The sync property test: three devices of two users (`@jalon/sync` clients on memory stores) and
 * a third user writing through REST, against the real server through `app.inject`, their calls
 * interleaved by fast-check's scheduler, with faults (requests and answers lost, database errors, crashes, purges). After quiescence, everything is held
 * against fresh reads, the reference model, the numbering, the conflicts, versions, counts and the audit
 * chain (sync-run-checks.ts). A failure prints the seed, the steps and the scheduler's order.
 */
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? (process.env.TEST_DATABASE_URL ? 50 : 200));
const START = Date.parse('2026-11-23T12:00:00.000Z');
const DEADLINE = '2027-06-30T12:00:00.000Z';

/** Plays one step; a device's steps, and the REST user's, run in their order, the actors side by side. */
const playStep = (state: RunState, next: Step): Promise<void> =>
  next.actor === 'rest'
    ? playRest(state, next.action)
    : playDevice(state, state.devices[next.actor]!, next.action);

let ctx: TestContext;
let users: RunState['users'];

const simUser = (signedIn: Awaited<ReturnType<typeof signIn>>): SimUser => ({
  id: signedIn.user.id,
  email: signedIn.user.email,
  password: signedIn.user.password,
  token: signedIn.token,
  sessionId: signedIn.sessionId,
});

beforeAll(async () => {
  ctx = await createTestContext();
  await installInstruments(ctx.db);
  users = {
    a: simUser(await signIn(ctx)),
    b: simUser(await signIn(ctx)),
    c: simUser(await signIn(ctx)),
    admin: simUser(await signInAdmin(ctx)),
  };
});
afterAll(() => ctx?.close());

/** What the runs went through, printed with SYNC_PROPERTY_STATS=1 to see that the faults do strike. */
const stats = {
  runs: 0,
  batches: 0,
  conflicts: {} as Record<string, number>,
  statuses: {} as Record<number, number>,
  crashes: 0,
  purges: 0,
  resets: 0,
  restWrites: 0,
};
afterAll(() => {
  if (process.env.SYNC_PROPERTY_STATS) process.stdout.write(`${JSON.stringify(stats)}\n`);
});

const resolution = fc.constantFrom<Resolution['action']>(
  'markResolved',
  'applyServer',
  'replayClient',
  'merge',
);

async function rest(
  user: SimUser,
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  payload?: Record<string, unknown>,
) {
  return inject(ctx.app, { method, url, token: user.token, payload });
}

/** Each run starts from nothing but its users: two projects and two tasks, read by every device. */
async function seed(state: RunState): Promise<void> {
  await wipeEntities(ctx.db);
  for (const [owner, name] of [
    [users.a, 'Alpha'],
    [users.b, 'Bravo'],
  ] as const) {
    const project = (
      await rest(owner, 'POST', '/api/projects', { name, description: '', deadline: DEADLINE })
    ).json().data;
    await rest(owner, 'POST', '/api/tasks', { title: `Tâche ${name}`, project: project.id, progress: 25 });
  }
  for (const device of state.devices) {
    await device.open();
    await device.pull();
  }
}

/** Everyone signs in again, settles every conflict (the chosen action first), sends and pulls until nothing moves. */
async function quiesce(state: RunState, choices: Array<Resolution['action']>): Promise<void> {
  let choice = 0;
  for (let round = 0; round < 25; round += 1) {
    if (state.revoked) await signInAgain(state);
    let busy = false;
    for (const device of state.devices) {
      const meta = await device.client.meta();
      if (meta.paused === 'unauthorized') await device.client.resume();
      else if (meta.paused) throw new Error(`${device.name} paused: ${meta.paused}`);
      for (const conflict of await device.client.conflicts()) {
        if (conflict.resolved) continue;
        const action = round === 0 ? choices[choice++ % choices.length]! : 'markResolved';
        const json = JSON.stringify({
          ...conflict.originalData,
          ...(typeof conflict.originalData.title === 'string' && { title: 'Fusion' }),
        });
        try {
          await device.client.resolve(conflict.id, action === 'merge' ? { action, json } : { action });
        } catch (error) {
          if (!(error instanceof ResolutionError)) throw error;
          await device.client.resolve(conflict.id, { action: 'markResolved' });
        }
      }
      state.clock.now += 3_600_000;
      const flushed = await device.flush('none');
      await device.pull();
      state.wentBack.push(...(await device.observe()));
      busy ||= flushed.status === 'sent' || (await device.client.entries()).length > 0;
    }
    if (!busy) return;
  }
  throw new Error('No quiescence after 25 rounds');
}

/** The others send what they hold (their deletes among it), then the tombstones are purged while `away` is away. */
async function purgeWhileAway(state: RunState, away: SimDevice): Promise<void> {
  const others = state.devices.filter((device) => device !== away);
  // One tombstone at least: a task made and deleted by a device that stays.
  const helper = others[0]!;
  const project = (await helper.client.view('project'))[0];
  if (project) {
    const id = await helper.client.edit({
      op: 'create',
      entity: 'task',
      data: { title: 'Éphémère', project: project.id },
    });
    await helper.flush('none');
    const created = (await helper.client.view('task')).find((row) => row.id === id.replace(/^tmp-/, ''));
    if (created) await helper.client.edit({ op: 'delete', entity: 'task', id: created.id });
  }
  for (const device of others) await device.flush('none');
  await purgeTombstones(state);
}

async function signInAgain(state: RunState): Promise<void> {
  const result = await login(ctx.app, users.a.email, users.a.password);
  if (result.status !== 200) throw new Error(`sign-in again failed: ${result.status}`);
  users.a.token = result.body.data.token!;
  users.a.sessionId = result.body.data.sessionId!;
  state.revoked = false;
}

describe('sync convergence: devices, REST writes and faults against the real server', () => {
  it(`converges to the server, which equals the reference model (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.array(resolution, { minLength: 4, maxLength: 4 }),
        fc.option(fc.constantFrom(0, 1, 2), { nil: undefined }),
        async (s, steps, choices, away) => {
          const network = new Network(ctx, async () => {});
          const clock = { now: START };
          const state: RunState = {
            ctx,
            network,
            clock,
            users,
            revoked: false,
            restEvents: [],
            purges: [],
            devices: [
              new SimDevice('A1', users.a, network, clock),
              new SimDevice('A2', users.a, network, clock),
              new SimDevice('B1', users.b, network, clock),
            ],
            rogue: { clientId: randomUUID(), nextSeq: 1 },
            wentBack: [],
            signInAgain: () => signInAgain(state),
          };
          await seed(state);
          const initial = await snapshotRows(ctx.db);
          network.gate = (label) => s.schedule(Promise.resolve(label), label).then(() => undefined);
          const chains = [0, 1, 2, 'rest' as const].map(async (actor) => {
            for (const next of steps.filter((candidate) => candidate.actor === actor))
              await playStep(state, next);
          });
          await s.waitFor(Promise.all(chains));
          network.gate = async () => {};
          if (away !== undefined) await purgeWhileAway(state, state.devices[away]!);
          await quiesce(state, choices);
          const errors = await checkRun(state, initial);
          errors.push(...network.unexpected.map((answer) => `a batch answered ${answer}`));
          stats.runs += 1;
          stats.batches += network.answered.length;
          for (const { answer } of network.answered)
            for (const conflict of answer.conflicts)
              stats.conflicts[conflict.reason] = (stats.conflicts[conflict.reason] ?? 0) + 1;
          for (const status of network.statuses) stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
          stats.crashes += state.devices.reduce((sum, device) => sum + device.crashes, 0);
          stats.purges += state.purges.length;
          stats.resets += network.resets;
          stats.restWrites += state.restEvents.length;
          const audit = await verifyAuditChain(ctx.db);
          if (audit.break) errors.push(`audit chain broken: ${JSON.stringify(audit.break)}`);
          expect(errors).toEqual([]);
        },
      ),
      {
        numRuns: RUNS,
        verbose: 1,
        ...(process.env.SYNC_PROPERTY_SEED && {
          seed: Number(process.env.SYNC_PROPERTY_SEED),
          path: process.env.SYNC_PROPERTY_PATH,
        }),
      },
    );
  }, 600_000);
});
