import net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxJobs } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { OutboxWorker } from '../outbox/outbox.ts';
import { MAIL_JOB, MailQueue } from './mail-queue.ts';
import { createMailTransport, type MailTransport } from './mail-transport.ts';

// Mail leaves through the outbox, to a real SMTP server started here: down, then up, then a second
// instance, then an attempt that dies after the server took the mail.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Received {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? '',
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (taken, then given back). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const queue = () => new MailQueue(ctx.app.ctx.secretBox, 'jalon.example.org');
const smtpTransport = (port: number) =>
  createMailTransport(
    {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Jalon <no-reply@jalon.example.org>',
      dataDir: ctx.dataDir,
    },
    { info: () => {} },
  );

/** An instance's outbox worker for mail alone, on a clock the test moves. */
function worker(transport: MailTransport, clock: { now: Date }) {
  return new OutboxWorker(
    ctx.db,
    { [MAIL_JOB]: queue().handler(transport) },
    { pollIntervalMs: 0, leaseMs: 60_000, batchSize: 10, now: () => clock.now },
  );
}

const mail = (to: string) => ({
  to,
  subject: 'Jalon : invitation',
  text: 'Ouvrez ce lien : https://jalon.example.org/invitation?token=secret-token-123',
});

const queueOne = (to: string) => ctx.db.transaction((tx) => queue().queue(tx, mail(to)));

describe('mail through the outbox', () => {
  it('keeps a mail while the SMTP server is down and delivers it once when it is back, with its Message-ID', async () => {
    const port = await freePort();
    const id = await queueOne('down@example.test');
    const clock = { now: new Date(Date.now() + 1_000) };
    const instance = worker(smtpTransport(port), clock);

    expect(await instance.runDue()).toBeGreaterThanOrEqual(1);
    const smtp = await startSmtp(port);
    try {
      // Not before its retry is due.
      expect(smtp.received).toHaveLength(0);
      clock.now = new Date(clock.now.getTime() + 60 * 60_000);
      await instance.runDue();
      await instance.runDue();
      const mine = smtp.received.filter((received) => received.to === 'down@example.test');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        subject: 'Jalon : invitation',
        messageId: `<mail-${id}@jalon.example.org>`,
      });
      expect(mine[0]!.text).toContain('token=secret-token-123');
    } finally {
      await smtp.close();
    }
  });

  it('never sends a mail whose transaction rolled back, and keeps no readable link in the database', async () => {
    const smtp = await startSmtp();
    try {
      await expect(
        ctx.db.transaction(async (tx) => {
          await queue().queue(tx, mail('rolled-back@example.test'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      await queueOne('kept@example.test');
      const rows = await ctx.db.select().from(outboxJobs);
      expect(JSON.stringify(rows)).not.toContain('secret-token-123');
      await worker(smtpTransport(smtp.port), { now: new Date(Date.now() + 60_000) }).runDue();
      expect(smtp.received.map((received) => received.to)).not.toContain('rolled-back@example.test');
      expect(smtp.received.map((received) => received.to)).toContain('kept@example.test');
    } finally {
      await smtp.close();
    }
  });

  it('is sent by one instance when two run on the same database', async () => {
    const smtp = await startSmtp();
    try {
      await queueOne('two-instances@example.test');
      const clock = { now: new Date(Date.now() + 60_000) };
      await Promise.all([
        worker(smtpTransport(smtp.port), clock).runDue(),
        worker(smtpTransport(smtp.port), clock).runDue(),
      ]);
      expect(smtp.received.filter((received) => received.to === 'two-instances@example.test')).toHaveLength(
        1,
      );
    } finally {
      await smtp.close();
    }
  });

  it('an attempt that dies after the server took the mail sends it again with the same Message-ID', async () => {
    const smtp = await startSmtp();
    try {
      const id = await queueOne('crash@example.test');
      const real = smtpTransport(smtp.port);
      // The SMTP server took the mail, then the instance died before the outbox recorded it.
      const dying: MailTransport = {
        async deliver(...args) {
          await real.deliver(...args);
          throw new Error('killed before the outbox recorded the delivery');
        },
      };
      const clock = { now: new Date(Date.now() + 60_000) };
      await worker(dying, clock).runDue();
      clock.now = new Date(clock.now.getTime() + 60 * 60_000);
      await worker(real, clock).runDue();
      const copies = smtp.received.filter((received) => received.to === 'crash@example.test');
      expect(copies).toHaveLength(2);
      expect(new Set(copies.map((copy) => copy.messageId))).toEqual(
        new Set([`<mail-${id}@jalon.example.org>`]),
      );
    } finally {
      await smtp.close();
    }
  });
});
