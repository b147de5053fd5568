import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  inject,
  makeUser,
  signIn,
  uniqueEmail,
  type TestContext,
} from '../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ BODY_LIMIT_BYTES: '4096' });
});
afterAll(() => ctx.close());

describe('CSRF: only the Authorization header authorises (S27)', () => {
  it('ignores the session cookie on API calls', async () => {
    const { token } = await signIn(ctx);
    const byCookie = await inject(ctx.app, {
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `jalon_session=${token}` },
    });
    expect(byCookie.statusCode).toBe(401);
    const revokeByCookie = await inject(ctx.app, {
      method: 'DELETE',
      url: '/api/auth/sessions/others',
      headers: { cookie: `jalon_session=${token}` },
    });
    expect(revokeByCookie.statusCode).toBe(401);
  });

  it('refuses bodies that are not application/json with 415', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await inject(ctx.app, {
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: 'email=a@b.fr&password=x',
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
    }
  });
});

describe('response headers (S28)', () => {
  it('sends a strict CSP, nosniff, no referrer and no-store on API answers', async () => {
    const response = await inject(ctx.app, { method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('never answers with CORS headers, whatever the Origin', async () => {
    const response = await inject(ctx.app, {
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await inject(ctx.app, {
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('errors (S29, S30, S31)', () => {
  it('answers problem documents with a request id and no internals', async () => {
    const response = await inject(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const body = response.json();
    expect(body).toMatchObject({ status: 400, code: 'invalid_json', title: 'Bad Request' });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toMatch(/node_modules|at \w+ \(|\/work\/|SELECT|stack/i);
  });

  it('hides a database failure behind a bare 500', async () => {
    const { token } = await signIn(ctx);
    const failing = await createTestContext();
    try {
      const member = await makeUser(failing.db);
      const signedIn = await inject(failing.app, {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: member.email, password: member.password },
      });
      const memberToken = signedIn.json().data.token;
      await failing.database.pool.query('ALTER TABLE sessions RENAME TO sessions_gone');
      const response = await inject(failing.app, {
        method: 'GET',
        url: '/api/auth/sessions',
        token: memberToken,
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        code: 'internal_error',
        detail: 'An unexpected error occurred',
      });
      expect(response.body).not.toMatch(/sessions_gone|relation|SELECT|\.ts/);
    } finally {
      await failing.close();
    }
    expect(token).toBeTruthy();
  });

  it('refuses unknown and server-owned fields with 400', async () => {
    for (const extra of [{ version: 3 }, { ownerId: 'x' }, { role: 'admin' }, { createdAt: '2020-01-01' }]) {
      const response = await inject(ctx.app, {
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: uniqueEmail(), ...extra },
      });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await inject(ctx.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'x'.repeat(10_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
  });

  it('answers 404 problems for unknown API routes', async () => {
    const response = await inject(ctx.app, { method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('does not offer registration unless ALLOW_REGISTRATION is set', async () => {
    const response = await inject(ctx.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: 'Long enough 123!' },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /api/health and the OpenAPI document', () => {
  it('reports status, database kind and version', async () => {
    const response = await inject(ctx.app, { method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.status).toBe('ok');
    expect(['pglite', 'postgresql']).toContain(data.database.kind);
    expect(data.database.version).toMatch(/PostgreSQL \d+/);
  });

  it('documents the routes', async () => {
    const doc = (await inject(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/sessions/{id}', '/api/health']),
    );
  });
});

describe('production mode', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestContext({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://jalon.example.org',
      ALLOW_REGISTRATION: 'true',
    });
  });
  afterAll(() => prod.close());

  it('sends HSTS and a __Host- secure cookie', async () => {
    const user = await makeUser(prod.db);
    const response = await inject(prod.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain('__Host-jalon_session=');
    expect(cookie).toContain('Secure');
  });

  it('answers forgot identically for known and unknown e-mails, with no link (S20)', async () => {
    const user = await makeUser(prod.db);
    const known = await inject(prod.app, {
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: user.email },
    });
    const unknown = await inject(prod.app, {
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: uniqueEmail() },
    });
    expect(known.json().data).toEqual(unknown.json().data);
    expect(known.json().data.devResetLink).toBeUndefined();
  });

  it('registers a member when allowed, with the password rules, and refuses a taken e-mail', async () => {
    const email = uniqueEmail('new');
    const created = await inject(prod.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'Long enough 123!', username: 'Nouveau' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ email, role: 'member', username: 'Nouveau' });
    const again = await inject(prod.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: email.toUpperCase(), password: 'Long enough 123!' },
    });
    expect(again.statusCode).toBe(409);
    const weak = await inject(prod.app, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: uniqueEmail(), password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
  });
});
