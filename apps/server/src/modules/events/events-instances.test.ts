import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import {
  createTestContext,
  inject,
  login,
  signIn,
  signInAdmin,
  type TestContext,
} from '../../test/test-app.ts';
import { listeningUrl, openStream, type SseConnection } from '../../test/sse-client.ts';
import { sessionCookieName } from '../auth/session-cookie.ts';

// Two instances on one PostgreSQL database, each with its own pool and listener: what one writes or
// revokes reaches the streams the other holds (docs/sync-protocol.md, "Events"). PGlite is one process: nothing to prove.
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: TestContext;
  let bDatabase: Database;
  let b: FastifyInstance;
  let bUrl: string;
  const open: SseConnection[] = [];

  beforeAll(async () => {
    a = await createTestContext();
    bDatabase = await openDatabase({ databaseUrl: a.databaseUrl!, dataDir: null, poolSize: 3 });
    b = await buildApp({ config: a.config, database: bDatabase, events: { pingIntervalMs: 200 } });
    await b.ready();
    bUrl = await listeningUrl(b);
  });
  afterAll(async () => {
    for (const connection of open) connection.close();
    await b.close();
    await bDatabase.close();
    await a.close();
  });

  const streamOnB = async (token: string) => {
    const connection = await openStream(bUrl, { cookie: `${sessionCookieName(a.config)}=${token}` });
    open.push(connection);
    expect(connection.status).toBe(200);
    return connection;
  };

  it('sends an edit made through A to a stream held by B, once, with A’s change sequence', async () => {
    const alice = await signIn(a);
    const connection = await streamOnB(alice.token);
    const project = (
      await inject(a.app, {
        method: 'POST',
        url: '/api/projects',
        token: alice.token,
        payload: { name: 'Deux', description: '', deadline: '2027-03-31T12:00:00Z' },
      })
    ).json().data;
    const task = (
      await inject(a.app, {
        method: 'POST',
        url: '/api/tasks',
        token: alice.token,
        payload: { title: 'Loin', project: project.id },
      })
    ).json().data;
    const started = Date.now();
    const event = await connection.next(
      (message) => message.data.type === 'task.created' && message.data.id === task.id,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(event.data).toEqual({
      type: 'task.created',
      id: task.id,
      projectId: project.id,
      version: 0,
      actor: alice.user.id,
      device: null,
    });
    const [{ value }] = (await bDatabase.pool.query<{ value: string }>('select value from change_counter'))
      .rows as [{ value: string }];
    expect(event.id).toBe(String(value));
    expect(connection.messages.filter((message) => message.data.id === task.id)).toHaveLength(1);
  });

  it('closes the stream on B when the session is revoked through A', async () => {
    const bob = await signIn(a);
    const other = await login(a.app, bob.user.email, bob.user.password);
    const connection = await streamOnB(bob.token);
    const response = await inject(a.app, {
      method: 'DELETE',
      url: `/api/auth/sessions/${bob.sessionId}`,
      token: other.body.data.token!,
    });
    expect(response.statusCode).toBe(200);
    const started = Date.now();
    await connection.ended;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(connection.messages.at(-1)?.data).toEqual({ type: 'session.ended', reason: 'revoked' });
    expect(
      (
        await inject(b, {
          method: 'GET',
          url: '/api/events',
          headers: { cookie: `${sessionCookieName(a.config)}=${bob.token}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('ends the stream on B, saying why, when an administrator deactivates its member through A', async () => {
    const admin = await signInAdmin(a);
    const dora = await signIn(a);
    const connection = await streamOnB(dora.token);
    const response = await inject(a.app, {
      method: 'PATCH',
      url: `/api/admin/members/${dora.user.id}`,
      token: admin.token,
      payload: { active: false },
    });
    expect(response.statusCode).toBe(200);
    await connection.ended;
    expect(connection.messages.at(-1)?.data).toEqual({ type: 'session.ended', reason: 'deactivated' });
  });
});
