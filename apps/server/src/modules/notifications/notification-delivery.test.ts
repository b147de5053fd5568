import type net from 'node:net';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '@jalon/contract';
import { outboxJobs } from '../../db/schema.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { listeningUrl, openStream, type SseConnection } from '../../test/sse-client.ts';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';
import { createMailTransport, type MailTransport } from '../mail/mail-transport.ts';
import { OutboxWorker } from '../outbox/outbox.ts';
import { NOTIFICATION_DIGEST_JOB, NOTIFICATION_MAIL_JOB } from './notification-mail.ts';
import { NotificationMailer } from './notification-mailer.ts';
import { NotificationSchedule } from './notification-schedule.ts';

// What leaves the database: the mail (a real SMTP server), its one-click unsubscribe, the reminders and
// the digest on two instances at once, and the stream's message to its person alone.

let ctx: TestContext;
const PUBLIC_URL = 'https://jalon.example.org';
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL });
});
afterAll(() => ctx.close());

type Member = Awaited<ReturnType<typeof signIn>>;
let people = 0;
const member = () => signIn(ctx, { username: `Membre ${++people}` });

async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: Member,
  payload?: Record<string, unknown>,
) {
  const response = await inject(ctx.app, { method, url, token: who.token, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().data;
}

async function taskOf(who: Member, data: Record<string, unknown> = {}) {
  const project = await ok('POST', '/api/projects', who, {
    name: 'Salon du livre',
    description: 'd',
    deadline: '2027-03-31T12:00:00Z',
  });
  return (await ok('POST', '/api/tasks', who, {
    title: 'Imprimer les kakémonos',
    project: project.id,
    ...data,
  })) as {
    id: string;
  };
}

const inbox = async (who: Member) => (await ok('GET', '/api/notifications', who)) as NotificationList;

/** A real SMTP server on loopback that keeps what it receives, parsed. */
async function startSmtp() {
  const received: Array<Awaited<ReturnType<typeof simpleParser>>> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((parsed) => {
          received.push(parsed);
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** SMTP to the test's server, as an instance sends it. */
const smtpTransport = (port: number) =>
  createMailTransport(
    {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'Jalon <no-reply@jalon.example.org>',
      dataDir: ctx.dataDir,
    },
    { info: () => {} },
  );

/** An instance's outbox for notification mail alone, on a clock the test may move. */
function smtpWorker(
  port: number,
  transport: MailTransport = smtpTransport(port),
  clock = { now: new Date(Date.now() + 1_000) },
) {
  const mailer = new NotificationMailer(ctx.db, ctx.app.ctx.secretBox, PUBLIC_URL, 'jalon.example.org');
  return new OutboxWorker(
    ctx.db,
    {
      [NOTIFICATION_MAIL_JOB]: mailer.mailHandler(transport),
      [NOTIFICATION_DIGEST_JOB]: mailer.digestHandler(transport),
    },
    { pollIntervalMs: 0, leaseMs: 60_000, batchSize: 50, now: () => clock.now },
  );
}

const header = (mail: Awaited<ReturnType<typeof simpleParser>>, name: string) =>
  mail.headerLines
    .find((line) => line.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, ' ');

describe('a notification’s own mail', () => {
  it('is French text and HTML with the task, the comment’s first 280 characters, its link and one-click unsubscribe', async () => {
    const [alice, bob] = [await member(), await member()];
    await ok('PUT', '/api/me/notification-preferences', bob, { email: 'immediate' });
    const task = await taskOf(alice);
    const long = `${'Les kakémonos partent chez l’imprimeur demain matin. '.repeat(6)}FIN-INVISIBLE`;
    await ok('POST', `/api/tasks/${task.id}/comments`, alice, { body: `<@${bob.user.id}> ${long}` });
    const [notification] = (await inbox(bob)).items;
    const smtp = await startSmtp();
    try {
      await smtpWorker(smtp.port).runDue();
      const mails = smtp.received.filter((mail) => mail.subject?.includes(alice.user.username));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe(`${alice.user.username} vous a mentionné dans « Imprimer les kakémonos »`);
      expect(mail.messageId).toBe(`<notification-${notification!.id}@jalon.example.org>`);
      const excerpt = `@${bob.user.username} ${long}`.slice(0, 280);
      expect(mail.text).toContain(`${excerpt}…`);
      expect(mail.text).not.toContain('FIN-INVISIBLE');
      expect(mail.text).toContain(`Ouvrir la tâche : ${PUBLIC_URL}/tasks/${task.id}`);
      expect(mail.html).toContain(`<a href="${PUBLIC_URL}/tasks/${task.id}">Ouvrir la tâche</a>`);
      // The mention reads as a name, never as its stored form.
      expect(mail.html).toContain(`@${bob.user.username} Les kakémonos`);
      expect(mail.html).not.toContain('&lt;@');
      expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const unsubscribe = header(mail, 'list-unsubscribe')!;
      const url = new URL(unsubscribe.slice(1, -1));
      expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/api/notifications/unsubscribe`);

      // RFC 8058: the mail client posts the form, without a session.
      const post = (token: string) =>
        inject(ctx.app, {
          method: 'POST',
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
      const token = url.searchParams.get('token')!;
      const forged = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
      expect((await post(forged)).statusCode).toBe(400);
      // Someone else's id with Bob's keyed hash is forged too.
      expect((await post(`${alice.user.id}${token.slice(bob.user.id.length)}`)).statusCode).toBe(400);
      expect(await ok('GET', '/api/me/notification-preferences', bob)).toEqual({ email: 'immediate' });
      const good = await post(token);
      expect(good.statusCode, good.body).toBe(200);
      expect(await ok('GET', '/api/me/notification-preferences', bob)).toEqual({ email: 'off' });
    } finally {
      await smtp.close();
    }
  });

  it('is not sent when the task was deleted, or the preference changed, before it left', async () => {
    const [alice, bob] = [await member(), await member()];
    await ok('PUT', '/api/me/notification-preferences', bob, { email: 'immediate' });
    const deleted = await taskOf(alice, { assignee: bob.user.id });
    await ok('DELETE', `/api/tasks/${deleted.id}`, alice);
    await taskOf(alice, { assignee: bob.user.id });
    await ok('PUT', '/api/me/notification-preferences', bob, { email: 'daily' });
    const smtp = await startSmtp();
    try {
      await smtpWorker(smtp.port).runDue();
      expect(smtp.received.filter((mail) => mail.subject?.startsWith(alice.user.username))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
  it('is handed over again with the same Message-ID when the instance died after the server took it', async () => {
    const [alice, bob] = [await member(), await member()];
    await ok('PUT', '/api/me/notification-preferences', bob, { email: 'immediate' });
    await taskOf(alice, { assignee: bob.user.id });
    const [notification] = (await inbox(bob)).items;
    const smtp = await startSmtp();
    try {
      const real = smtpTransport(smtp.port);
      const dying: MailTransport = {
        async deliver(...args) {
          await real.deliver(...args);
          throw new Error('killed before the outbox recorded the delivery');
        },
      };
      const clock = { now: new Date(Date.now() + 1_000) };
      await smtpWorker(smtp.port, dying, clock).runDue();
      clock.now = new Date(clock.now.getTime() + 60 * 60_000);
      await smtpWorker(smtp.port, real, clock).runDue();
      const copies = smtp.received.filter(
        (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === bob.user.email,
      );
      expect(copies.map((copy) => copy.messageId)).toEqual([
        `<notification-${notification!.id}@jalon.example.org>`,
        `<notification-${notification!.id}@jalon.example.org>`,
      ]);
    } finally {
      await smtp.close();
    }
  });
});

describe('reminders', () => {
  it('writes due_soon then overdue once each per deadline, with two instances running at once', async () => {
    const [alice, bob] = [await member(), await member()];
    const deadline = new Date(Date.now() + 2 * 3_600_000);
    const task = await taskOf(alice, { assignee: bob.user.id, deadline: deadline.toISOString() });
    await ok('POST', '/api/notifications/read-all', bob);
    const instances = [0, 1].map(() => new NotificationSchedule(ctx.db, ctx.app.ctx.notifier, 23));
    const both = (at: Date) => Promise.all(instances.map((instance) => instance.runOnce(at)));
    await both(new Date());
    await both(new Date());
    const types = async () =>
      (await inbox(bob)).items
        .filter((item) => item.task.id === task.id && item.actor === null)
        .map((item) => item.type);
    expect(await types()).toEqual(['due_soon']);
    await both(new Date(deadline.getTime() + 60_000));
    await both(new Date(deadline.getTime() + 120_000));
    expect((await types()).sort()).toEqual(['due_soon', 'overdue']);
    // A new deadline is reminded of again; a task done is not.
    const later = new Date(Date.now() + 3 * 3_600_000);
    await ok('PATCH', `/api/tasks/${task.id}`, alice, { deadline: later.toISOString() });
    await both(new Date());
    expect((await types()).sort()).toEqual(['due_soon', 'due_soon', 'overdue']);
    await ok('PATCH', `/api/tasks/${task.id}`, alice, { status: 'done' });
    await both(new Date(later.getTime() + 60_000));
    expect((await types()).sort()).toEqual(['due_soon', 'due_soon', 'overdue']);
  });
});

describe('the daily digest', () => {
  it('is queued once per person and day by two instances, and mails the unread notifications', async () => {
    const [alice, bob] = [await member(), await member()];
    await taskOf(alice, { assignee: bob.user.id });
    const task = await taskOf(alice, { assignee: bob.user.id });
    await ok('POST', `/api/tasks/${task.id}/comments`, await member(), { body: 'Imprimé en A0 ?' });
    const instances = [0, 1].map(() => new NotificationSchedule(ctx.db, ctx.app.ctx.notifier, 0));
    const now = new Date();
    await Promise.all(instances.map((instance) => instance.runOnce(now)));
    await instances[0]!.runOnce(new Date(now.getTime() + 60_000));
    const digests = await ctx.db
      .select()
      .from(outboxJobs)
      .where(
        sql`${outboxJobs.kind} = ${NOTIFICATION_DIGEST_JOB} and ${outboxJobs.payload}->>'user' = ${bob.user.id}`,
      );
    expect(digests).toHaveLength(1);
    const mails = (await ctx.mailsSent()).filter((mail) => mail.to === bob.user.email);
    expect(mails).toHaveLength(1);
    // Two assignments and the third member's comment on a task Bob is assigned (so watches).
    expect(mails[0]!.subject).toBe('Jalon : 3 nouvelles notifications');
    expect(mails[0]!.text).toContain(`${alice.user.username} vous a assigné « Imprimer les kakémonos »`);
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/tasks/${task.id}`);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('leaves out whoever chose immediate mail or none', async () => {
    const [alice, bob] = [await member(), await member()];
    await ok('PUT', '/api/me/notification-preferences', bob, { email: 'off' });
    await taskOf(alice, { assignee: bob.user.id });
    await new NotificationSchedule(ctx.db, ctx.app.ctx.notifier, 0).runOnce(new Date());
    const jobs = await ctx.db
      .select()
      .from(outboxJobs)
      .where(
        sql`${outboxJobs.kind} = ${NOTIFICATION_DIGEST_JOB} and ${outboxJobs.payload}->>'user' = ${bob.user.id}`,
      );
    expect(jobs).toEqual([]);
  });
});

describe('the event stream', () => {
  const streams: SseConnection[] = [];
  afterAll(() => streams.forEach((stream) => stream.close()));

  it('tells the person notified, with their unread count, and nobody else', async () => {
    const baseUrl = await listeningUrl(ctx.app);
    const [alice, bob] = [await member(), await member()];
    const open = async (who: Member) => {
      const stream = await openStream(baseUrl, { cookie: `${sessionCookieName(ctx.config)}=${who.token}` });
      streams.push(stream);
      return stream;
    };
    const [aliceStream, bobStream] = [await open(alice), await open(bob)];
    await taskOf(alice, { assignee: bob.user.id });
    const message = await bobStream.next((received) => received.data.type === 'notification.created');
    const [notification] = (await inbox(bob)).items;
    expect(message).toEqual({
      id: null,
      data: { type: 'notification.created', id: notification!.id, unread: 1 },
    });
    // Alice's stream had the task's own events, and no notification.
    await aliceStream.next((received) => received.data.type === 'task.created');
    expect(aliceStream.messages.filter((received) => received.data.type === 'notification.created')).toEqual(
      [],
    );
  });
});
