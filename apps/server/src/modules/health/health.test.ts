import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, inject, type TestContext } from '../../test/test-app.ts';
import { DatabaseProbe } from './database-probe.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/health', () => {
  it('answers 503 degraded once the database has not answered its probe for staleAfterMs', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    let ping = () => Promise.resolve('PostgreSQL 17.4');
    const probe = new DatabaseProbe(
      () => ping(),
      { everyMs: 60_000, timeoutMs: 20, staleAfterMs: 10_000 },
      () => now,
    );
    await probe.check();
    const original = ctx.app.ctx.probe;
    ctx.app.ctx.probe = probe;
    try {
      expect((await inject(ctx.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      ping = () => new Promise(() => {});
      now += 5_000;
      await probe.check();
      const stillOk = await inject(ctx.app, { method: 'GET', url: '/api/health' });
      expect(stillOk.statusCode).toBe(200);
      expect(stillOk.json().data.database).toMatchObject({
        reachable: false,
        checkedAt: '2026-01-01T00:00:05.000Z',
      });

      now += 5_001;
      const degraded = await inject(ctx.app, { method: 'GET', url: '/api/health' });
      expect(degraded.statusCode).toBe(503);
      expect(degraded.json().data).toMatchObject({
        status: 'degraded',
        database: { reachable: false, version: 'PostgreSQL 17.4' },
      });
    } finally {
      ctx.app.ctx.probe = original;
    }
  });
});
