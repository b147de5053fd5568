import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { changeCounter, sessions, tasks } from '../../db/schema.ts';
import { ENTITY_VERSION_HEADER } from '@jalon/contract';
import {
  createTestContext,
  inject,
  login,
  makeUser,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';
import { listeningUrl, openStream, type SseConnection, type SseMessage } from '../../test/sse-client.ts';
import { announcedTransaction } from '../changes/announced-transaction.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';
import { Device } from '../../test/sync/sync-test-kit.ts';

let ctx: TestContext;
let baseUrl: string;
let alice: Awaited<ReturnType<typeof signIn>>;
let projectId: string;
const open: SseConnection[] = [];

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    { events: { pingIntervalMs: 100, maxStreamsPerSession: 3, replayLimit: 20 } },
  );
  baseUrl = await listeningUrl(ctx.app);
  alice = await signIn(ctx);
  projectId = (
    await rest('POST', '/api/projects', {
      name: 'Direct',
      description: 'En direct',
      deadline: '2027-03-31T12:00:00Z',
    })
  ).json().data.id;
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await ctx.close();
});

function rest(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  token = alice.token,
) {
  return inject(ctx.app, { method, url, token, payload });
}
const cookie = (token: string) => ({ cookie: `${sessionCookieName(ctx.config)}=${token}` });
async function stream(token = alice.token, headers: Record<string, string> = {}) {
  const connection = await openStream(baseUrl, { ...cookie(token), ...headers });
  open.push(connection);
  return connection;
}
const counter = async () =>
  (await ctx.db.select().from(changeCounter).where(eq(changeCounter.id, 1)))[0]!.value;
const change = (type: string, id: string) => (message: SseMessage) =>
  message.data.type === type && message.data.id === id;
const gauge = async () => (await ctx.app.ctx.metrics.eventStreamsOpen.get()).values[0]?.value ?? 0;
/** How many fan-outs /metrics counted in a phase (the histogram's _count). */
const fanOuts = async (phase: 'read' | 'write') =>
  (await ctx.app.ctx.metrics.eventFanOut.get()).values.find(
    (value) => value.metricName === 'jalon_event_fanout_seconds_count' && value.labels.phase === phase,
  )?.value ?? 0;

describe('GET /api/events: who may listen (S25, S27)', () => {
  it('refuses a request without the cookie, one with only a bearer token, and a pending 2FA login', async () => {
    expect((await inject(ctx.app, { method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/events', token: alice.token })).statusCode,
    ).toBe(401);
    const enrolled = await makeUser(ctx.db, { twoFactorEnabled: true });
    const pending = await login(ctx.app, enrolled.email, enrolled.password);
    const tempToken = pending.body.data.tempToken!;
    expect(tempToken).toBeTruthy();
    const refused = await inject(ctx.app, { method: 'GET', url: '/api/events', headers: cookie(tempToken) });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
  });

  it('accepts the cookie nowhere else (S27)', async () => {
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/projects', headers: cookie(alice.token) }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a signed-out session', async () => {
    const bob = await signIn(ctx);
    await inject(ctx.app, { method: 'POST', url: '/api/auth/logout', token: bob.token, payload: {} });
    expect(
      (await inject(ctx.app, { method: 'GET', url: '/api/events', headers: cookie(bob.token) })).statusCode,
    ).toBe(401);
  });

  it('opens an event stream with the cookie, and pings on the (shortened) interval', async () => {
    const connection = await stream();
    expect(connection.status).toBe(200);
    expect(connection.headers['content-type']).toContain('text/event-stream');
    expect(connection.headers['cache-control']).toBe('no-store');
    const ping = await connection.next((message) => message.data.type === 'ping');
    expect(ping.id).toBeNull();
    connection.close();
  });
});

describe('opening', () => {
  it('answers at once, long before the first ping', async () => {
    const quiet = await createTestContext({}, { events: { pingIntervalMs: 60_000 } });
    try {
      const member = await signIn(quiet);
      const started = Date.now();
      const connection = await openStream(await listeningUrl(quiet.app), {
        cookie: `${sessionCookieName(quiet.config)}=${member.token}`,
      });
      expect(connection.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(30_000);
      connection.close();
    } finally {
      await quiet.close();
    }
  });
});

describe('events from writes, after commit only', () => {
  it('sends typed events for REST creates, updates and deletes, the commit’s change sequence as id', async () => {
    const connection = await stream();
    const [readsBefore, writesBefore] = [await fanOuts('read'), await fanOuts('write')];
    const created = (await rest('POST', '/api/tasks', { title: 'Direct', project: projectId })).json().data;
    const createdSeq = await counter();
    const event = await connection.next(change('task.created', created.id));
    expect(event).toEqual({
      id: String(createdSeq),
      data: {
        type: 'task.created',
        id: created.id,
        projectId,
        version: 0,
        actor: alice.user.id,
        device: null,
      },
    });
    // The same transaction moved the project's counters: its event shares the id, and the project, never
    // edited since its creation (version 0), is updated, not created again (decision 0032).
    const touched = await connection.next((message) => message.data.id === projectId);
    expect(touched).toEqual({
      id: String(createdSeq),
      data: {
        type: 'project.updated',
        id: projectId,
        projectId,
        version: 0,
        actor: alice.user.id,
        device: null,
      },
    });

    await rest('PATCH', `/api/tasks/${created.id}`, { title: 'Direct, modifié' });
    const updated = await connection.next(change('task.updated', created.id));
    expect(updated).toMatchObject({ id: String(await counter()), data: { version: 1, projectId } });
    expect(JSON.stringify(updated.data)).not.toContain('modifié');
    // /metrics timed both fan-outs (the create's transaction and the update's), each phase once.
    expect(await fanOuts('read')).toBe(readsBefore + 2);
    expect(await fanOuts('write')).toBe(writesBefore + 2);

    await rest('DELETE', `/api/tasks/${created.id}`);
    expect((await connection.next(change('task.deleted', created.id))).id).toBe(String(await counter()));

    const project = (
      await rest('POST', '/api/projects', {
        name: 'Éphémère',
        description: '',
        deadline: '2027-03-31T12:00:00Z',
      })
    ).json().data;
    expect((await connection.next(change('project.created', project.id))).data.projectId).toBe(project.id);
    const renamed = await rest('PUT', `/api/projects/${project.id}`, { name: 'Éphémère 2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await connection.next(change('project.updated', project.id));
    await rest('DELETE', `/api/projects/${project.id}`);
    await connection.next(change('project.deleted', project.id));
    connection.close();
  });

  it('sends label events with no project, and a deleted label’s tasks as updated in its transaction', async () => {
    const admin = await signInAdmin(ctx);
    const connection = await stream();
    const label = (await rest('POST', '/api/labels', { name: 'Direct', color: 'blue' })).json().data;
    const created = await connection.next(change('label.created', label.id));
    expect(created).toEqual({
      id: String(await counter()),
      data: {
        type: 'label.created',
        id: label.id,
        projectId: null,
        version: 0,
        actor: alice.user.id,
        device: null,
      },
    });
    const task = (
      await rest('POST', '/api/tasks', { title: 'Étiquetée', project: projectId, labels: [label.id] })
    ).json().data;
    await connection.next(change('task.created', task.id));
    const recoloured = await rest('PATCH', `/api/labels/${label.id}`, { color: 'red' }, admin.token);
    expect(recoloured.statusCode, recoloured.body).toBe(200);
    expect((await connection.next(change('label.updated', label.id))).data).toMatchObject({
      projectId: null,
      version: 1,
    });
    expect((await rest('DELETE', `/api/labels/${label.id}`, undefined, admin.token)).statusCode).toBe(200);
    const deleted = await connection.next(change('label.deleted', label.id));
    const untagged = await connection.next(change('task.updated', task.id));
    expect(untagged.id).toBe(deleted.id);
    expect(deleted.data).toMatchObject({ projectId: null, actor: admin.user.id });
    connection.close();
  });

  it('sends nothing for a rolled-back write', async () => {
    const connection = await stream();
    const task = (await rest('POST', '/api/tasks', { title: 'Annulée', project: projectId })).json().data;
    await connection.next(change('task.created', task.id));
    const before = connection.messages.length;
    const refused = await inject(ctx.app, {
      method: 'PATCH',
      url: `/api/tasks/${task.id}`,
      token: alice.token,
      payload: { title: 'Périmée' },
      headers: { [ENTITY_VERSION_HEADER]: '7' },
    });
    expect(refused.statusCode).toBe(409);
    const rolledBack = announcedTransaction(
      ctx.db,
      ctx.app.ctx.notifier,
      { actor: alice.user.id, device: null },
      async (tx, changeSeq) => {
        await tx
          .update(tasks)
          .set({ title: 'Jamais', changeSeq, version: sql`${tasks.version} + 1` })
          .where(eq(tasks.id, task.id));
        throw new Error('rollback');
      },
    );
    await expect(rolledBack).rejects.toThrow('rollback');
    // A later write's event arrives; nothing came before it for the refused or the rolled-back one.
    await rest('PATCH', `/api/tasks/${task.id}`, { title: 'Après' });
    const after = await connection.next(change('task.updated', task.id));
    expect(after.data.version).toBe(1);
    expect(after.id).toBe(String(await counter()));
    expect(connection.messages.slice(before).filter((message) => message.id !== null)).toEqual([after]);
    connection.close();
  });

  it('sends the events of a sync batch under the batch’s change sequence, naming the device that sent it', async () => {
    const connection = await stream();
    const task = (await rest('POST', '/api/tasks', { title: 'Par lot', project: projectId })).json().data;
    const device = new Device(ctx, alice);
    const answer = await device.send([
      { entity: 'task', op: 'patch', id: task.id, version: 0, data: { title: 'Par lot, hors ligne' } },
    ]);
    expect(answer.statusCode).toBe(200);
    const changeSeq = answer.json().data.changeSeq as number;
    const event = await connection.next(change('task.updated', task.id));
    expect(event).toEqual({
      id: String(changeSeq),
      data: {
        type: 'task.updated',
        id: task.id,
        projectId,
        version: 1,
        actor: alice.user.id,
        device: device.clientId,
      },
    });
    connection.close();
  });
});

describe('Last-Event-ID', () => {
  it('replays the changes from that sequence on, without an actor', async () => {
    const first = (await rest('POST', '/api/tasks', { title: 'Manquée 1', project: projectId })).json().data;
    const from = await counter();
    const second = (await rest('POST', '/api/tasks', { title: 'Manquée 2', project: projectId })).json().data;
    const connection = await stream(alice.token, { 'last-event-id': String(from) });
    const replayed = await connection.next(change('task.created', second.id));
    expect(replayed.data).toMatchObject({ actor: null, device: null });
    // The replay tells a project touched by task writes from a created one, as the live stream does.
    expect(
      connection.messages.filter((message) => message.data.id === projectId).map((m) => m.data.type),
    ).toEqual(expect.arrayContaining(['project.updated']));
    expect(connection.messages.some(change('project.created', projectId))).toBe(false);
    await connection.next(change('task.created', first.id));
    const ids = connection.messages
      .filter((message) => message.id !== null)
      .map((message) => Number(message.id));
    expect(Math.min(...ids)).toBe(from);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    connection.close();
  });

  it('answers one resync beyond the replay bound, or before the tombstone horizon', async () => {
    const from = await counter();
    for (let index = 0; index < 21; index++)
      await rest('POST', '/api/tasks', { title: `Lot ${index}`, project: projectId });
    const tooMany = await stream(alice.token, { 'last-event-id': String(from) });
    const resync = await tooMany.next((message) => message.data.type === 'resync');
    expect(resync.id).toBe(String(await counter()));
    // Nothing of the old range is replayed (a live event that was still being read may follow).
    expect(tooMany.messages.filter((message) => message.data.type === 'resync')).toHaveLength(1);
    expect(
      tooMany.messages.filter((message) => message.id !== null && Number(message.id) < from + 5),
    ).toEqual([]);
    tooMany.close();

    await ctx.db
      .update(changeCounter)
      .set({ horizon: from + 1 })
      .where(eq(changeCounter.id, 1));
    try {
      const tooOld = await stream(alice.token, { 'last-event-id': String(from) });
      await tooOld.next((message) => message.data.type === 'resync');
      tooOld.close();
    } finally {
      await ctx.db.update(changeCounter).set({ horizon: 0 }).where(eq(changeCounter.id, 1));
    }
  });
});

describe('missed notifications', () => {
  it('sends one resync, with the current change sequence, when the listener says messages were lost', async () => {
    const connection = await stream();
    await ctx.app.ctx.notifier.publish({ kind: 'messages.lost' });
    const resync = await connection.next((message) => message.data.type === 'resync');
    expect(resync.id).toBe(String(await counter()));
    connection.close();
  });
});

describe('closing streams', () => {
  it('closes the stream at once when its session is revoked, and only that session’s', async () => {
    const other = await signIn(ctx, { email: undefined });
    const second = await login(ctx.app, other.user.email, other.user.password);
    const revoked = await stream(other.token);
    const kept = await stream(second.body.data.token!);
    const response = await inject(ctx.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/${other.sessionId}`,
      token: second.body.data.token!,
    });
    expect(response.statusCode).toBe(200);
    await revoked.ended;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(kept.messages.some((message) => message.data.type === 'ping')).toBe(true);
    kept.close();
  });

  it('closes the stream at the next heartbeat once its session has expired', async () => {
    const erin = await signIn(ctx);
    const connection = await stream(erin.token);
    await ctx.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.id, erin.sessionId));
    ctx.app.ctx.store.forget([erin.sessionId]);
    await connection.ended;
  });

  it('caps the streams of one session (429), and keeps the gauge exact', async () => {
    const carol = await signIn(ctx);
    const start = await gauge();
    const streams = [await stream(carol.token), await stream(carol.token), await stream(carol.token)];
    expect(await gauge()).toBe(start + 3);
    const refused = await openStream(baseUrl, cookie(carol.token));
    expect(refused.status).toBe(429);
    streams[0]!.close();
    await waitFor(async () => (await gauge()) === start + 2);
    const again = await stream(carol.token);
    expect(again.status).toBe(200);
    for (const connection of [...streams, again]) connection.close();
    await waitFor(async () => (await gauge()) === start);
  });

  // Last: it closes the file's app (afterAll's close is then a no-op for it).
  it('ends every stream cleanly when the app closes', async () => {
    const connections = [await stream(), await stream()];
    const closing = ctx.app.close();
    await Promise.all(connections.map((connection) => connection.ended));
    await closing;
    expect(await gauge()).toBe(0);
  });
});

// Generous: it polls, so a passing test pays nothing for it, and a loaded CI machine can be slow to see a close.
async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
