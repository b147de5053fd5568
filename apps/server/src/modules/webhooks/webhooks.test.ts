import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '@jalon/contract';
import { auditLog, outboxJobs, webhookDeliveries, webhooks } from '../../db/schema.ts';
import {
  createProject,
  createTestContext,
  inject,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';
import { startReceiver } from '../../test/webhook-receiver.ts';
import { OutboxWorker } from '../outbox/outbox.ts';
import { sendOnce } from './send.ts';
import { WEBHOOK_DELIVERY_JOB } from './webhook-events.ts';

// The outbox's clock runs this far ahead of real time, so a test reaches a retry without waiting.
let aheadMs = 0;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
let member: Awaited<ReturnType<typeof signIn>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let projectId: string;

beforeAll(async () => {
  ctx = await createTestContext(
    { WEBHOOK_ALLOW_PRIVATE: 'true' },
    { outboxNow: () => new Date(Date.now() + aheadMs) },
  );
  admin = await signInAdmin(ctx);
  member = await signIn(ctx);
  receiver = await startReceiver();
  projectId = await createProject(ctx, admin.token, 'Intégrations');
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});
beforeEach(async () => {
  aheadMs = 0;
  receiver.received.length = 0;
  receiver.answerWith((_request, response) => response.writeHead(204).end());
  // Each test starts with no webhook, so only its own receives anything.
  await ctx.db.delete(webhooks);
});

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  inject(ctx.app, { method, url, token: admin.token, ...(payload && { payload }) });

async function addWebhook(events = ['task.created', 'task.updated'], url = `${receiver.url}/hook`) {
  const response = await asAdmin('POST', '/api/admin/webhooks', { url, events, description: 'CI' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; secret: string };
}

async function createTask(title = 'Livrer le lot 1') {
  const response = await inject(ctx.app, {
    method: 'POST',
    url: '/api/tasks',
    token: admin.token,
    payload: { title, project: projectId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; version: number };
}

/** Runs the outbox until nothing is due (each delivery has at most one attempt per pass). */
async function drain(worker: OutboxWorker = ctx.app.ctx.outbox) {
  while ((await worker.runDue()) > 0);
}

const deliveriesOf = async (webhookId: string) =>
  (await asAdmin('GET', `/api/admin/webhooks/${webhookId}/deliveries`)).json().data as Array<{
    id: string;
    event: string;
    status: string;
    attempts: number;
    responseStatus: number | null;
    durationMs: number | null;
    error: string | null;
  }>;

describe('/api/admin/webhooks', () => {
  it('is for administrators only: a member gets 403 on every route', async () => {
    const { id } = await addWebhook();
    for (const [method, url] of [
      ['GET', '/api/admin/webhooks'],
      ['POST', '/api/admin/webhooks'],
      ['PATCH', `/api/admin/webhooks/${id}`],
      ['DELETE', `/api/admin/webhooks/${id}`],
      ['GET', `/api/admin/webhooks/${id}/deliveries`],
    ] as const) {
      const response = await inject(ctx.app, {
        method,
        url,
        token: member.token,
        payload:
          method === 'POST' || method === 'PATCH'
            ? { url: receiver.url, events: ['task.created'] }
            : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await ctx.db.select().from(webhooks)).toHaveLength(1);
  });

  it('shows the secret once, stores it sealed, and audits each change', async () => {
    const created = await addWebhook(['project.created', 'task.created', 'task.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created).toMatchObject({ events: ['project.created', 'task.created'], enabled: true });
    const [stored] = await ctx.db.select().from(webhooks).where(eq(webhooks.id, created.id));
    expect(stored!.secret).not.toContain(created.secret.slice(6));

    const listed = (await asAdmin('GET', '/api/admin/webhooks')).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('secret');

    const patched = await asAdmin('PATCH', `/api/admin/webhooks/${created.id}`, {
      description: 'Chaîne CI',
      events: ['task.deleted'],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ description: 'Chaîne CI', events: ['task.deleted'] });

    expect((await asAdmin('DELETE', `/api/admin/webhooks/${created.id}`)).statusCode).toBe(200);
    expect((await asAdmin('PATCH', `/api/admin/webhooks/${created.id}`, { enabled: true })).statusCode).toBe(
      404,
    );
    const audits = await ctx.db
      .select({ type: auditLog.type })
      .from(auditLog)
      .where(eq(auditLog.resource, `webhook:${created.id}`));
    expect(audits.map((row) => row.type)).toEqual([
      'admin.webhook.created',
      'admin.webhook.updated',
      'admin.webhook.deleted',
    ]);
  });

  it('refuses an event name it does not know and a URL with credentials', async () => {
    for (const payload of [
      { url: receiver.url, events: ['task.exploded'] },
      { url: receiver.url, events: [] },
      { url: 'http://user:pass@127.0.0.1:1/', events: ['task.created'] },
      { url: 'ftp://127.0.0.1/', events: ['task.created'] },
    ])
      expect((await asAdmin('POST', '/api/admin/webhooks', payload)).statusCode).toBe(400);
  });
});

describe('deliveries', () => {
  it('signs each delivery as Standard Webhooks says, with the task as the API answers it', async () => {
    const { id, secret } = await addWebhook();
    const task = await createTask();
    // Queued in the write's transaction: there before anything is sent.
    const [queued] = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, id));
    expect(queued).toMatchObject({ event: 'task.created', status: 'pending' });

    await drain();
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const verified = new Webhook(secret).verify(request!.body, {
      'webhook-id': String(request!.headers['webhook-id']),
      'webhook-timestamp': String(request!.headers['webhook-timestamp']),
      'webhook-signature': String(request!.headers['webhook-signature']),
    });
    // As the API answers it to anyone: `watching` is the reader's own, so no delivery carries it.
    const { watching, ...answered } = (
      await inject(ctx.app, { method: 'GET', url: `/api/tasks/${task.id}`, token: admin.token })
    ).json().data;
    expect(watching).toBe(true);
    expect(verified).toMatchObject({ type: 'task.created', data: answered });
    expect((verified as { data: object }).data).not.toHaveProperty('watching');
    expect(request!.headers['webhook-id']).toBe(queued!.id);
    expect(request!.headers['content-type']).toBe('application/json');
    // A forged body fails the same check.
    expect(() =>
      new Webhook(secret).verify(request!.body.replace('Livrer', 'Voler'), {
        'webhook-id': String(request!.headers['webhook-id']),
        'webhook-timestamp': String(request!.headers['webhook-timestamp']),
        'webhook-signature': String(request!.headers['webhook-signature']),
      }),
    ).toThrow();

    const [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 204, error: null });
    expect(logged!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('tells a new comment with the comment as the API answers it, not its task', async () => {
    await addWebhook(['task.comment.created']);
    const task = await createTask('Relire la maquette');
    const commented = await inject(ctx.app, {
      method: 'POST',
      url: `/api/tasks/${task.id}/comments`,
      token: admin.token,
      payload: { body: 'Vu, deux remarques.' },
    });
    expect(commented.statusCode, commented.body).toBe(201);
    await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/comments/${commented.json().data.id}`,
      token: admin.token,
      payload: { body: 'Vu, trois remarques.' },
    });
    await drain();
    expect(receiver.received.map((request) => JSON.parse(request.body))).toEqual([
      expect.objectContaining({ type: 'task.comment.created', data: commented.json().data }),
    ]);
  });

  it('sends only the events a webhook asked for, and nothing to a switched-off one', async () => {
    const wanted = await addWebhook(['task.updated']);
    const off = await addWebhook(['task.created', 'task.updated']);
    await asAdmin('PATCH', `/api/admin/webhooks/${off.id}`, { enabled: false });
    const task = await createTask('Seulement la modification');
    const patched = await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}`,
      token: admin.token,
      payload: { status: 'in_progress' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await drain();
    expect(receiver.received.map((request) => JSON.parse(request.body).type)).toEqual(['task.updated']);
    expect(JSON.parse(receiver.received[0]!.body).data).toEqual(patched.json().data);
    expect(await deliveriesOf(wanted.id)).toHaveLength(1);
    expect(await deliveriesOf(off.id)).toHaveLength(0);
  });

  it('queues nothing when the write is rolled back', async () => {
    await addWebhook(['task.updated']);
    const task = await createTask('Version périmée');
    const refused = await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}`,
      token: admin.token,
      payload: { title: 'Trop tard' },
      headers: { 'x-entity-version': String(task.version + 5) },
    });
    expect(refused.statusCode).toBe(409);
    expect(await ctx.db.select().from(webhookDeliveries)).toHaveLength(0);
  });

  it('retries a receiver that fails, with the same webhook-id, until it recovers', async () => {
    const { id } = await addWebhook(['task.created']);
    receiver.answerWith((_request, response) => response.writeHead(503).end('en maintenance'));
    await createTask('Réessayée');
    await drain();
    let [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 503 });
    const [webhook] = (await asAdmin('GET', '/api/admin/webhooks')).json().data;
    expect(webhook.failingSince).not.toBeNull();

    // Not due yet: the next try waits out the backoff.
    await drain();
    expect(receiver.received).toHaveLength(1);

    receiver.answerWith((_request, response) => response.writeHead(200).end());
    aheadMs = 60 * 60_000;
    await drain();
    [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(
      new Set([logged!.id]),
    );
    expect((await asAdmin('GET', '/api/admin/webhooks')).json().data[0].failingSince).toBeNull();
  });

  it('fails a delivery after 24 hours of tries and switches the webhook off, audited and mailed to the administrators', async () => {
    const { id } = await addWebhook(['task.created']);
    receiver.answerWith((_request, response) => response.writeHead(500).end());
    await createTask('Jamais reçue');
    // Each pass moves the clock an hour on (the longest backoff), a little past the 24 hours.
    for (let hour = 0; hour <= 25; hour++) {
      aheadMs = hour * 60 * 60_000;
      await drain();
    }
    const [logged] = await deliveriesOf(id);
    expect(logged!.status).toBe('failed');
    expect(logged!.attempts).toBeGreaterThan(10);
    const [job] = await ctx.db
      .select()
      .from(outboxJobs)
      .where(
        and(
          eq(outboxJobs.kind, WEBHOOK_DELIVERY_JOB),
          sql`${outboxJobs.payload}->>'deliveryId' = ${logged!.id}`,
        ),
      );
    expect(job).toMatchObject({ status: 'failed' });
    const [webhook] = (await asAdmin('GET', '/api/admin/webhooks')).json().data;
    expect(webhook).toMatchObject({ enabled: false });
    expect(webhook.disabledAt).not.toBeNull();
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, `webhook:${id}`), eq(auditLog.type, 'admin.webhook.disabled')));
    expect(audits).toHaveLength(1);
    // Every active administrator is told, once, with the way to 'Intégrations'.
    const told = (await ctx.mailsSent()).filter(
      (mail) => mail.subject === 'Jalon : un webhook a été désactivé',
    );
    expect(told.map((mail) => mail.to)).toContain(admin.user.email);
    expect(new Set(told.map((mail) => mail.to)).size).toBe(told.length);
    expect(told[0]!.text).toContain(`${ctx.config.publicUrl}/admin/integrations`);
    expect(told[0]!.text).toContain('n’a accepté aucun envoi depuis 24 heures');

    // 'Renvoyer' once the receiver works again, after switching the webhook back on.
    receiver.answerWith((_request, response) => response.writeHead(200).end());
    await asAdmin('PATCH', `/api/admin/webhooks/${id}`, { enabled: true });
    const again = await asAdmin('POST', `/api/admin/webhooks/${id}/deliveries/${logged!.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    await drain();
    expect((await deliveriesOf(id))[0]).toMatchObject({ id: logged!.id, status: 'delivered' });
  });

  it('delivers each message once when two instances run the outbox at the same time', async () => {
    await addWebhook(['task.created']);
    for (let index = 0; index < 12; index++) await createTask(`Lot ${index}`);
    const options = { pollIntervalMs: 0, leaseMs: 60_000, batchSize: 3 };
    const handlers = { [WEBHOOK_DELIVERY_JOB]: ctx.app.ctx.webhooks.deliveryHandler };
    const [first, second] = [
      new OutboxWorker(ctx.db, handlers, options),
      new OutboxWorker(ctx.db, handlers, options),
    ];
    await Promise.all([drain(first), drain(second)]);
    const ids = receiver.received.map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
  });

  it('tells a member joining and leaving the team', async () => {
    await addWebhook(['member.left', 'member.joined']);
    const leaving = await signIn(ctx);
    for (const active of [false, true])
      expect((await asAdmin('PATCH', `/api/admin/members/${leaving.user.id}`, { active })).statusCode).toBe(
        200,
      );
    await drain();
    const bodies = receiver.received.map((request) => JSON.parse(request.body));
    expect(bodies.map((body) => [body.type, body.data.active])).toEqual(
      expect.arrayContaining([
        ['member.left', false],
        ['member.joined', true],
      ]),
    );
    expect(bodies[0].data).toMatchObject({ id: leaving.user.id, email: leaving.user.email });
  });

  it('tells a person joining through an invitation, in the transaction that creates the account', async () => {
    await addWebhook(['member.joined']);
    const email = `invitee-${Date.now().toString(36)}@example.test`;
    const invitation = await asAdmin('POST', '/api/admin/invitations', { email, role: 'member' });
    expect(invitation.statusCode, invitation.body).toBe(201);
    const token = new URL(invitation.json().data.devInviteLink).searchParams.get('token');
    const accepted = await inject(ctx.app, {
      method: 'POST',
      url: '/api/auth/invitations/accept',
      payload: { token, username: 'Dominique Invitée', password: 'Correct horse 7 battery!' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    await drain();
    expect(receiver.received.map((request) => JSON.parse(request.body))).toEqual([
      expect.objectContaining({
        type: 'member.joined',
        data: expect.objectContaining({ email, username: 'Dominique Invitée', role: 'member', active: true }),
      }),
    ]);
  });

  it('does not follow a redirect', async () => {
    const { id } = await addWebhook(['task.created']);
    receiver.answerWith((request, response) =>
      request.path === '/hook'
        ? response.writeHead(302, { location: `${receiver.url}/elsewhere` }).end()
        : response.writeHead(200).end(),
    );
    await createTask('Redirigée');
    await drain();
    expect(receiver.received.map((request) => request.path)).toEqual(['/hook']);
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'pending', responseStatus: 302 });
  });

  it('gives up on an attempt past its deadline and reads at most 64 kB of an answer', async () => {
    receiver.answerWith(() => {}); // never answers
    const silent = await sendOnce(
      `${receiver.url}/hook`,
      {},
      '{}',
      { httpsOnly: false, allowPrivate: true },
      200,
    );
    expect(silent).toMatchObject({ ok: false, status: null, error: 'No answer within 200 ms' });

    receiver.answerWith((_request, response) => {
      response.writeHead(200);
      // An endless answer: the sender stops reading at 64 kB and counts it delivered.
      const chunk = 'x'.repeat(16 * 1024);
      const write = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', write);
      };
      write();
    });
    const endless = await sendOnce(`${receiver.url}/hook`, {}, '{}', {
      httpsOnly: false,
      allowPrivate: true,
    });
    expect(endless).toMatchObject({ ok: true, status: 200 });
    expect(WEBHOOK_LIMITS.maxResponseBytes).toBe(65_536);
  });
});

describe('targets (SSRF)', () => {
  let strict: TestContext;
  let strictAdmin: Awaited<ReturnType<typeof signInAdmin>>;
  beforeAll(async () => {
    strict = await createTestContext();
    strictAdmin = await signInAdmin(strict);
  });
  afterAll(() => strict.close());

  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['a private network', 'http://10.0.0.1/hook'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to loopback', 'http://localhost:8080/hook'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['IPv4 inside IPv6', 'http://[::ffff:127.0.0.1]/hook'],
  ])('refuses %s when it is saved', async (_label, url) => {
    const response = await inject(strict.app, {
      method: 'POST',
      url: '/api/admin/webhooks',
      token: strictAdmin.token,
      payload: { url, events: ['task.created'] },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('webhook_target_refused');
  });

  it('checks again at send time: a saved target now on loopback gets nothing', async () => {
    // As if the name had pointed elsewhere when it was saved.
    const [row] = await strict.db
      .insert(webhooks)
      .values({
        url: `${receiver.url}/hook`,
        events: ['project.created'],
        secret: strict.app.ctx.secretBox.seal('whsec_AAAA'),
      })
      .returning();
    await createProject(strict, strictAdmin.token, 'Jamais annoncé');
    while ((await strict.app.ctx.outbox.runDue()) > 0);
    const [delivery] = await strict.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, row!.id));
    expect(delivery!.error).toMatch(/loopback/);
    expect(delivery!.responseStatus).toBeNull();
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses plain http in production', async () => {
    const { resolveTarget } = await import('./target-guard.ts');
    await expect(
      resolveTarget('http://93.184.215.14/hook', { httpsOnly: true, allowPrivate: false }),
    ).rejects.toThrow(/https/);
  });
});

describe('the outbox', () => {
  it('forgets finished jobs a week after they ended, and keeps those still to run', async () => {
    await addWebhook(['task.created']);
    await createTask('Envoyée puis oubliée');
    await drain();
    receiver.answerWith((_request, response) => response.writeHead(500).end());
    await createTask('Pas encore reçue');
    await drain();
    // The deliveries' jobs: the mail of an earlier test's switched-off webhook has a life of its own.
    const statuses = async () =>
      (
        await ctx.db
          .select({ status: outboxJobs.status })
          .from(outboxJobs)
          .where(eq(outboxJobs.kind, WEBHOOK_DELIVERY_JOB))
      ).map((row) => row.status);
    expect(await statuses()).toEqual(expect.arrayContaining(['done', 'pending']));

    // A month later (past the week kept after every job of this file ended): the delivered jobs are
    // gone; the waiting one had its last try now, and is kept, failed.
    aheadMs = 30 * 24 * 60 * 60_000;
    await drain();
    expect(await statuses()).not.toContain('done');
    expect(await statuses()).not.toContain('pending');
    expect(await statuses()).toContain('failed');
  });
});
