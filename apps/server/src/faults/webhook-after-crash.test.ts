import { describe, expect, it } from 'vitest';
import { loadMasterKey, SecretBox } from '../lib/secret-box.ts';
import { outboxJobs, webhookDeliveries, webhooks } from '../db/schema.ts';
import { serverEnv, seedMember, withServerDatabase } from '../test/server-database.ts';
import { ServerProcess } from '../test/server-process.ts';
import { startReceiver } from '../test/webhook-receiver.ts';
import { deferToAfterAll } from './cleanups.ts';
import { pgliteTarget, postgresTarget, type FaultTarget } from './fault-target.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const defer = deferToAfterAll();

describe.each([
  { name: 'PGlite', open: async () => pgliteTarget(), skip: false },
  { name: 'PostgreSQL', open: () => postgresTarget(postgresUrl!), skip: !postgresUrl },
])('a webhook delivery across kill -9, on $name', ({ open, skip }) => {
  it.skipIf(skip)(
    'killed between the commit and the delivery, the server delivers the change once after its restart',
    async () => {
      const target: FaultTarget = await open();
      defer(() => target.remove());
      const receiver = await startReceiver();
      defer(() => receiver.close());
      const member = await seedMember(target);
      // The webhook as an administrator saves it, sealed with the key the server will read from DATA_DIR.
      const box = new SecretBox(loadMasterKey({ secretKey: undefined, dataDir: target.dataDir }));
      await withServerDatabase(target, ({ db }) =>
        db.insert(webhooks).values({
          url: `${receiver.url}/hook`,
          events: ['project.created'],
          secret: box.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
        }),
      );
      const env = { ...serverEnv(target), WEBHOOK_ALLOW_PRIVATE: 'true' };

      // This instance looks at the outbox as it starts, then not for an hour: the kill surely comes
      // after the commit and before any delivery.
      const first = await ServerProcess.start({ env: { ...env, OUTBOX_POLL_INTERVAL_MS: '3600000' } });
      defer(() => first.kill());
      const token = await first.signIn(member.email, member.password);
      const created = await first.request('POST', '/api/projects', {
        token,
        body: { name: 'Annoncé après la panne', description: '', deadline: '2027-06-30T00:00:00Z' },
      });
      expect(created.status).toBe(201);
      await first.kill('SIGKILL');
      expect(receiver.received).toHaveLength(0);

      const second = await ServerProcess.start({ env: { ...env, OUTBOX_POLL_INTERVAL_MS: '100' } });
      defer(() => second.kill());
      for (let waited = 0; receiver.received.length === 0; waited += 100) {
        if (waited > 20_000) throw new Error(`Nothing delivered after the restart:\n${second.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Later passes of the outbox find nothing more to send.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await second.kill('SIGTERM');

      expect(receiver.received).toHaveLength(1);
      const body = JSON.parse(receiver.received[0]!.body);
      expect(body).toMatchObject({
        type: 'project.created',
        data: { id: (created.body as { data: { id: string } }).data.id, name: 'Annoncé après la panne' },
      });
      await withServerDatabase(target, async ({ db }) => {
        expect(
          await db
            .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
            .from(webhookDeliveries),
        ).toEqual([{ status: 'delivered', attempts: 1 }]);
        expect(await db.select({ status: outboxJobs.status }).from(outboxJobs)).toEqual([{ status: 'done' }]);
      });
    },
  );
});
