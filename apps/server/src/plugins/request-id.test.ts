import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, inject, type TestContext } from '../test/test-app.ts';

describe('request ids', () => {
  let ctx: TestContext;
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  beforeAll(
    async () =>
      (ctx = await createTestContext(
        { METRICS_TOKEN: 'x'.repeat(32) },
        { logger: { level: 'info', stream } },
      )),
  );
  afterAll(() => ctx.close());

  it('names the request id in an X-Request-Id header, and ignores one sent by the client', async () => {
    const response = await inject(ctx.app, {
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'forged' },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the same id on the problem document and on the lines logged while handling the request', async () => {
    const response = await inject(ctx.app, {
      method: 'GET',
      url: '/metrics',
      token: 'not the metrics token',
    });
    expect(response.statusCode).toBe(401);
    const id = response.headers['x-request-id'];
    expect(response.json()).toMatchObject({ requestId: id });
    const warning = lines.find((line) => line.msg === 'metrics asked for without the right token');
    expect(warning).toMatchObject({ reqId: id, level: 40 });
    expect(lines.filter((line) => line.reqId === id).map((line) => line.msg)).toEqual(
      expect.arrayContaining([
        'incoming request',
        'metrics asked for without the right token',
        'request completed',
      ]),
    );
  });
});
