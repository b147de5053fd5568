import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonEqual, type Row } from '@jalon/sync';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';
import { Network, SimDevice, type SendFault, type SimUser } from '../../test/sync/sync-simulation.ts';
import { verifyAuditChain } from '../audit/verify-chain.ts';

/**
 * The comments on the sync path, as a property: two devices of one member and one of another, on
 * `@jalon/sync` clients against the real server, their steps interleaved by fast-check's scheduler with
 * lost requests, lost answers and duplicated sends. Each run starts with a task created offline and a
 * comment on it in the same outbox; then comments are written, edited on two devices at once and deleted
 * while another device edits them. After quiescence every device shows what the server has, each comment
 * once, a deleted comment as a tombstone without text, and the audit chain holds.
 */
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? (process.env.TEST_DATABASE_URL ? 25 : 60));
const DEADLINE = '2027-06-30T12:00:00.000Z';

let ctx: TestContext;
let users: { a: SimUser; b: SimUser };
const simUser = (signedIn: Awaited<ReturnType<typeof signIn>>): SimUser => ({
  id: signedIn.user.id,
  email: signedIn.user.email,
  password: signedIn.user.password,
  token: signedIn.token,
  sessionId: signedIn.sessionId,
});

beforeAll(async () => {
  ctx = await createTestContext();
  users = { a: simUser(await signIn(ctx)), b: simUser(await signIn(ctx)) };
});
afterAll(() => ctx?.close());

type Action =
  | { kind: 'comment'; task: number; body: string }
  | { kind: 'edit'; target: number; body: string }
  | { kind: 'delete'; target: number }
  | { kind: 'flush'; fault: SendFault }
  | { kind: 'pull' };

const body = fc.constantFrom('Vu', 'Relu', 'À revoir', `Ok **merci**`);
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('comment' as const), task: fc.nat(), body }),
  fc.record({ kind: fc.constant('edit' as const), target: fc.nat(), body }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }),
  fc.record({
    kind: fc.constant('flush' as const),
    fault: fc.constantFrom<SendFault>('none', 'none', 'dropRequest', 'dropAnswer', 'duplicate'),
  }),
  fc.record({ kind: fc.constant('pull' as const) }),
);
const step = fc.record({ device: fc.constantFrom(0, 1, 2), action });

const pick = <T>(items: readonly T[], index: number): T | undefined =>
  items.length === 0 ? undefined : items[index % items.length];

/** One step on a device: edits go to what the device shows now, as a person's would. */
async function play(device: SimDevice, next: Action): Promise<void> {
  const { client } = device;
  if (next.kind === 'flush') return void (await device.flush(next.fault));
  if (next.kind === 'pull') return device.pull();
  if (next.kind === 'comment') {
    const task = pick(await client.view('task'), next.task);
    if (task)
      await client.edit({ op: 'create', entity: 'comment', data: { taskId: task.id, body: next.body } });
    return;
  }
  // A member edits and deletes only their own comments, as the screen offers.
  const own = (await client.view('comment')).filter(
    (row) =>
      !row.deletedAt &&
      (row.author === undefined || (row.author as { id: string } | null)?.id === device.user.id),
  );
  const target = pick(own, next.target);
  if (!target) return;
  if (next.kind === 'edit')
    await client.edit({ op: 'patch', entity: 'comment', id: target.id, data: { body: next.body } });
  else await client.edit({ op: 'delete', entity: 'comment', id: target.id });
}

/** Every device settles its conflicts (keeping the server's side), sends and pulls until nothing moves. */
async function quiesce(devices: SimDevice[], clock: { now: number }): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    let busy = false;
    for (const device of devices) {
      for (const conflict of await device.client.conflicts())
        if (!conflict.resolved) await device.client.resolve(conflict.id, { action: 'markResolved' });
      // Past any backoff a lost answer started.
      clock.now += 3_600_000;
      const flushed = await device.flush('none');
      await device.pull();
      busy ||= flushed.status === 'sent' || (await device.client.entries()).length > 0;
    }
    if (!busy) return;
  }
  throw new Error('No quiescence after 20 rounds');
}

const shown = (rows: Row[]) =>
  [...rows]
    .map(({ id, taskId, body, version, deletedAt }) => ({ id, taskId, body, version, deletedAt }))
    .sort((a, b) => a.id.localeCompare(b.id));

describe('comments on the sync path: devices, faults and the real server', () => {
  it(`converge, each comment once, tombstones without text (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(step, { minLength: 1, maxLength: 25 }), async (s, steps) => {
        await ctx.db.execute(sql`delete from tasks`);
        await ctx.db.execute(sql`delete from task_counts`);
        await ctx.db.execute(sql`delete from projects`);
        const project = (
          await inject(ctx.app, {
            method: 'POST',
            url: '/api/projects',
            token: users.a.token,
            payload: { name: 'Fil', description: '', deadline: DEADLINE },
          })
        ).json().data as { id: string };
        const network = new Network(ctx, async () => {});
        const clock = { now: Date.parse('2026-11-23T12:00:00.000Z') };
        const devices = [
          new SimDevice('A1', users.a, network, clock),
          new SimDevice('A2', users.a, network, clock),
          new SimDevice('B1', users.b, network, clock),
        ];
        for (const device of devices) {
          await device.open();
          await device.pull();
        }
        // Offline on A1: a task, and a comment on it that names its `tmp-` id, in one outbox.
        const offlineTask = await devices[0]!.client.edit({
          op: 'create',
          entity: 'task',
          data: { title: 'Hors ligne', project: project.id },
        });
        const offlineComment = await devices[0]!.client.edit({
          op: 'create',
          entity: 'comment',
          data: { taskId: offlineTask, body: `Pour <@${users.b.id}>` },
        });

        network.gate = (label) => s.schedule(Promise.resolve(label), label).then(() => undefined);
        const chains = devices.map(async (device, index) => {
          for (const next of steps.filter((candidate) => candidate.device === index))
            await play(device, next.action);
        });
        await s.waitFor(Promise.all(chains));
        network.gate = async () => {};
        await quiesce(devices, clock);

        const errors: string[] = [...network.unexpected.map((answer) => `a batch answered ${answer}`)];
        const fresh = shown(await network.fullRead(users.a, 'comment'));
        for (const device of devices) {
          const view = shown(await device.client.view('comment'));
          if (!jsonEqual(view, fresh))
            errors.push(
              `${device.name}: comments differ\n view ${JSON.stringify(view)}\n read ${JSON.stringify(fresh)}`,
            );
          if ((await device.client.entries()).length > 0) errors.push(`${device.name}: outbox not empty`);
          if (JSON.stringify(view).includes('tmp-')) errors.push(`${device.name}: a tmp- id is left`);
        }
        const stored = await ctx.db.execute<{
          id: string;
          task_id: string;
          body: string | null;
          deleted: boolean;
        }>(sql`select id, task_id, body, deleted_at is not null as deleted from comments`);
        const first = stored.rows.find((row) => row.id === offlineComment.replace(/^tmp-/, ''));
        // Deleted before it was ever sent, it never reaches the server (its create and delete cancel out).
        if (first && first.task_id !== offlineTask.replace(/^tmp-/, ''))
          errors.push(`the comment made offline is on the server under another task: ${first.task_id}`);
        for (const row of stored.rows)
          if (row.deleted !== (row.body === null))
            errors.push(`comment ${row.id}: deleted ${row.deleted}, body ${row.body}`);
        const audit = await verifyAuditChain(ctx.db);
        if (audit.break) errors.push(`audit chain broken: ${JSON.stringify(audit.break)}`);
        expect(errors).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
