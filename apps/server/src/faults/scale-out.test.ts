import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { Nginx } from '../test/nginx.ts';
import { ServerProcess } from '../test/server-process.ts';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { openStream, type SseConnection } from '../test/sse-client.ts';
import { makeUser } from '../test/test-app.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const METRICS_TOKEN = randomBytes(24).toString('hex');

// docs/guides/scaling.md, proved: two real Jalon servers on one PostgreSQL (one SECRET_KEY, a DATA_DIR
// each) behind nginx in round-robin. Events and revocations cross instances through LISTEN/NOTIFY.
describe.skipIf(!postgresUrl)('two instances behind nginx, one PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const servers: ServerProcess[] = [];
  const dataDirs: string[] = [];
  let nginx: Nginx;
  const open: SseConnection[] = [];
  let member: { email: string; password: string; id: string };

  beforeAll(async () => {
    scratch = await createScratchDatabase(postgresUrl!);
    const secretKey = randomBytes(32).toString('base64');
    // One after the other: the first runs the migrations.
    for (let index = 0; index < 2; index++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-scale-'));
      dataDirs.push(dataDir);
      servers.push(
        await ServerProcess.start({
          env: {
            DATA_DIR: dataDir,
            DATABASE_URL: scratch.url,
            SECRET_KEY: secretKey,
            METRICS_TOKEN,
            TRUST_PROXY: 'true',
          },
        }),
      );
    }
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 1 });
    try {
      member = await makeUser(database.db);
    } finally {
      await database.close();
    }
    nginx = await Nginx.start(servers.map((server) => `127.0.0.1:${server.port}`));
  });
  afterAll(async () => {
    for (const connection of open) connection.close();
    await nginx?.stop();
    for (const server of servers) await server.kill('SIGTERM');
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  });

  const [a, b] = [() => servers[0]!, () => servers[1]!];
  const cookie = (token: string) => ({ cookie: `jalon_session=${token}` });
  const streamsOn = async (server: ServerProcess): Promise<number> => {
    const answer = await server.request('GET', '/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = /^jalon_event_streams_open (\d+)/m.exec(String(answer.body));
    return Number(line?.[1] ?? Number.NaN);
  };
  /** Two streams through nginx: one after the other, round-robin puts one on each instance. */
  async function streamsThroughNginx(token: string): Promise<SseConnection[]> {
    const before = [await streamsOn(a()), await streamsOn(b())];
    const connections = [
      await openStream(nginx.url, cookie(token)),
      await openStream(nginx.url, cookie(token)),
    ];
    open.push(...connections);
    for (const connection of connections) expect(connection.status).toBe(200);
    expect([(await streamsOn(a())) - before[0]!, (await streamsOn(b())) - before[1]!]).toEqual([1, 1]);
    return connections;
  }

  it('sends an edit made through instance A to the stream nginx gave to instance B, within a second', async () => {
    const token = await a().signIn(member.email, member.password);
    const streams = await streamsThroughNginx(token);
    const project = await a().request('POST', '/api/projects', {
      token,
      body: { name: 'Derrière nginx', description: '', deadline: '2027-03-31T12:00:00Z' },
    });
    expect(project.status).toBe(201);
    const projectId = (project.body as { data: { id: string } }).data.id;
    const started = Date.now();
    for (const stream of streams) await stream.next((message) => message.data.id === projectId, 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const stream of streams)
      expect(stream.messages.find((message) => message.data.id === projectId)?.data).toEqual({
        type: 'project.created',
        id: projectId,
        projectId,
        version: 0,
        actor: member.id,
        // A REST write comes from no syncing device: every tab of the member's devices takes it.
        device: null,
      });
  });

  it('closes the session’s streams on both instances when it is revoked through A', async () => {
    const login = await a().request('POST', '/api/auth/login', {
      body: { email: member.email, password: member.password },
    });
    const { token: revoked, sessionId } = (login.body as { data: { token: string; sessionId: string } }).data;
    const kept = await a().signIn(member.email, member.password);
    const streams = await streamsThroughNginx(revoked);
    const answer = await a().request('DELETE', `/api/auth/sessions/${sessionId}`, { token: kept });
    expect(answer.status).toBe(200);
    const started = Date.now();
    await Promise.all(streams.map((stream) => stream.ended));
    expect(Date.now() - started).toBeLessThan(1_000);
    const again = await openStream(nginx.url, cookie(revoked));
    expect(again.status).toBe(401);
  });
});
