import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, inject, signIn, type TestContext } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestContext()));
  afterAll(() => ctx.close());

  it('does not exist: 404 like any unknown route, with or without a token', async () => {
    expect((await inject(ctx.app, { method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await inject(ctx.app, { method: 'GET', url: '/metrics', token: TOKEN })).statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => (ctx = await createTestContext({ METRICS_TOKEN: TOKEN })));
  afterAll(() => ctx.close());

  const scrape = async () => {
    const response = await inject(ctx.app, { method: 'GET', url: '/metrics', token: TOKEN });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers 401 without the token or with another one', async () => {
    expect((await inject(ctx.app, { method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await inject(ctx.app, { method: 'GET', url: '/metrics', token: `${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('counts requests under the route pattern, never the raw URL', async () => {
    const { token } = await signIn(ctx);
    const id = '00000000-0000-4000-8000-000000000000';
    await inject(ctx.app, { method: 'GET', url: `/api/projects/${id}`, token });
    await inject(ctx.app, { method: 'GET', url: `/api/projects/${id}`, token });
    await inject(ctx.app, { method: 'GET', url: '/api/nothing/here/at-all' });
    const body = await scrape();
    expect(body).toContain(
      'jalon_http_requests_total{method="GET",route="/api/projects/:id",status_code="404"} 2',
    );
    expect(body).toMatch(
      /jalon_http_request_duration_seconds_count\{method="GET",route="\/api\/projects\/:id",status_code="404"\} 2/,
    );
    // No route matched: the label is a fixed word (or the web app's catch-all), never the URL.
    expect(body).toMatch(/route="(\(unmatched\)|\/\*)",status_code="404"/);
    expect(body).not.toContain(id);
    expect(body).not.toContain('/nothing/here');
  });

  it('shows the database pool, the event streams and the sync batches', async () => {
    const body = await scrape();
    expect(body).toMatch(/^jalon_db_pool_connections\{state="total"\} \d+$/m);
    expect(body).toMatch(/^jalon_db_pool_connections\{state="idle"\} \d+$/m);
    expect(body).toMatch(new RegExp(`^jalon_db_pool_waiting\\{database="${ctx.database.kind}"\\} 0$`, 'm'));
    expect(body).toMatch(/^jalon_event_streams_open 0$/m);
    expect(body).toContain('# TYPE jalon_sync_batches_total counter');
    ctx.app.ctx.metrics.syncBatches.inc({ result: 'applied' });
    expect(await scrape()).toMatch(/^jalon_sync_batches_total\{result="applied"\} 1$/m);
  });

  it('includes the process figures (event loop lag, memory)', async () => {
    const body = await scrape();
    expect(body).toContain('nodejs_eventloop_lag_seconds');
    expect(body).toContain('process_resident_memory_bytes');
  });
});
