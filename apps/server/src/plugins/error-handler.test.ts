import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, errorHandlerPlugin } from './error-handler.ts';

it('answers a database outage with a 503 problem, Retry-After and one log line without SQL or parameters (S29)', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => done(void lines.push(chunk.toString())),
  });
  const app = Fastify({ logger: { level: 'error', stream } });
  await app.register(errorHandlerPlugin);
  app.get('/boom', async () => {
    const shutdown = Object.assign(
      new pg.DatabaseError('terminating connection due to administrator command', 0, 'error'),
      { code: '57P01' },
    );
    throw new DrizzleQueryError(
      'update tasks set title = $1 where id = $2',
      ['a secret title', 'id-1'],
      shutdown,
    );
  });

  const response = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();

  expect(response.statusCode).toBe(503);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.json()).toMatchObject({
    status: 503,
    code: 'database_unavailable',
    requestId: expect.any(String),
  });
  expect(response.body).not.toMatch(/update tasks|secret|57P01|administrator|at .*\.ts/);

  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({
    msg: 'database unavailable',
    database: { code: '57P01' },
    reqId: expect.any(String),
  });
  expect(lines[0]).not.toMatch(/update tasks|secret title/);
});
