import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, inject, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
let flagOff: TestContext;
let webDist: string;
let withoutWorker: string;
const worker = "self.addEventListener('fetch', () => {});";
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Jalon</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), script);
  fs.writeFileSync(path.join(webDist, 'assets', 'app.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDist, 'service-worker.js'), worker);
  withoutWorker = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-web-'));
  fs.writeFileSync(path.join(withoutWorker, 'index.html'), '<!doctype html><title>Jalon</title>');
  ctx = await createTestContext({ WEB_DIST: webDist });
  flagOff = await createTestContext({ WEB_DIST: withoutWorker });
});
afterAll(async () => {
  await Promise.all([ctx.close(), flagOff.close()]);
  for (const dir of [webDist, withoutWorker]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers deep links with index.html, and unknown API paths with a 404 problem', async () => {
    const page = await inject(ctx.app, { method: 'GET', url: '/reset-password?token=abc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Jalon</title>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await inject(ctx.app, { method: 'GET', url: '/api/nope' })).json().code).toBe('not_found');
  });

  it('refuses an over-long path parameter of the API with 400, as without the built app', async () => {
    const response = await inject(ctx.app, { method: 'GET', url: `/api/tasks/${'x'.repeat(300)}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      detail: 'A path parameter is too long',
    });
  });

  it('sends the precompressed asset to a browser that accepts it, cached for good', async () => {
    const compressed = await inject(ctx.app, {
      method: 'GET',
      url: '/assets/app.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(script);
    const plain = await inject(ctx.app, { method: 'GET', url: '/assets/app.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves the service worker as JavaScript at /service-worker.js, revalidated on every visit, under a CSP that allows it', async () => {
    const response = await inject(ctx.app, { method: 'GET', url: '/service-worker.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(response.body).toBe(worker);
    const index = await inject(ctx.app, { method: 'GET', url: '/dashboard' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers /service-worker.js with a 404 problem, not index.html, when the build has no worker', async () => {
    const response = await inject(flagOff.app, { method: 'GET', url: '/service-worker.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect((await inject(flagOff.app, { method: 'GET', url: '/tasks' })).statusCode).toBe(200);
  });
});
