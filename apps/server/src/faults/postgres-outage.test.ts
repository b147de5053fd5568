import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { deferToAfterAll } from './cleanups.ts';
import { until } from './poll.ts';
import { PrivateCluster } from './private-cluster.ts';
import { startWritingServer } from './write-stream.ts';

const unavailable = PrivateCluster.unavailableReason();
// In CI a missing cluster is a failure, never a quiet skip.
if (unavailable && process.env.CI) throw new Error(`The PostgreSQL outage test cannot run: ${unavailable}`);
if (unavailable) console.warn(`PostgreSQL outage test skipped: ${unavailable}`);

const defer = deferToAfterAll();

it.skipIf(unavailable !== null)(
  'answers 503 problems while PostgreSQL is stopped, recovers by itself when it returns, and loses nothing acknowledged',
  async () => {
    const cluster = await PrivateCluster.create();
    defer(() => cluster.remove());
    await cluster.start();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-faults-'));
    defer(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const target = { dataDir, databaseUrl: cluster.url };

    const { server, token, stream } = await startWritingServer(target, defer);
    const pid = server.pid;
    await stream.waitForMore(10, 20_000);

    await cluster.stop('fast');
    const read = () => server.request('GET', '/api/tasks?limit=5', { token });
    const refused = await until(read, (answer) => answer.status !== 200, 10_000);
    expect(refused.status).toBe(503);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toMatchObject({
      code: 'database_unavailable',
      status: 503,
      requestId: expect.any(String),
    });
    expect(JSON.stringify(refused.body)).not.toMatch(/select|ECONNREFUSED|127\.0\.0\.1|\.ts\b/i);
    // The probe has had no answer for 10 s: a load balancer would take this instance out.
    const health = await until(
      () => server.request('GET', '/api/health'),
      (answer) => answer.status === 503,
      20_000,
    );
    expect(health.body).toMatchObject({ data: { status: 'degraded', database: { reachable: false } } });
    await server.waitForOutput(/"msg":"database unavailable"/);

    const duringOutage = stream.acknowledged;
    await cluster.start();
    await until(
      () => server.request('GET', '/api/health'),
      (answer) => answer.status === 200,
      15_000,
    );
    await stream.waitForMore(10, 20_000);
    expect((await read()).status).toBe(200);
    await stream.stop();

    expect(server.pid).toBe(pid);
    expect(stream.acknowledged).toBeGreaterThan(duringOutage);
    // Every refusal was a retryable 503, never a 500.
    expect(new Set(stream.ledger.refusals)).toEqual(new Set(['503 database_unavailable']));
    expect(await stream.findLost()).toEqual([]);
  },
);
