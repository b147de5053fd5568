import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, createTestContext, inject, signIn, type TestContext } from '../test/test-app.ts';

// Text the database cannot store (NUL, a lone UTF-16 surrogate) and bodies nested past the limit are
// refused at the door for every route, with a problem document that names the field: never a 500, never
// a silent U+FFFD in place of what was sent.

let ctx: TestContext;
let member: Awaited<ReturnType<typeof signIn>>;
let projectId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  member = await signIn(ctx);
  projectId = await createProject(ctx, member.token, 'Textes');
});
afterAll(() => ctx.close());

/** Sends JSON text as it is written, so escapes such as \ud800 reach the parser unchanged. */
const send = (method: 'POST' | 'PATCH', url: string, body: string) =>
  inject(ctx.app, {
    method,
    url,
    token: member.token,
    payload: body,
    headers: { 'content-type': 'application/json' },
  });

describe('JSON bodies: text the database cannot store', () => {
  it.each([
    ['a lone high surrogate', '\\ud800'],
    ['a lone low surrogate', 'fin \\udfff'],
    ['NUL', 'avant\\u0000après'],
  ])(
    'refuses %s in a task description with 400 naming the field, and creates nothing',
    async (_name, text) => {
      const response = await send(
        'POST',
        '/api/tasks',
        `{"title":"Tâche","project":"${projectId}","description":"${text}"}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: [{ path: 'body.description', message: expect.stringMatching(/cannot be stored/) }],
      });
      const list = await inject(ctx.app, {
        method: 'GET',
        url: `/api/tasks?projectId=${projectId}`,
        token: member.token,
      });
      expect(list.json().data).toEqual([]);
    },
  );

  it.each([
    [
      'client audit metadata',
      '/api/audit/logs',
      () => '{"type":"task.client.viewed","metadata":{"note":"\\ud83d"}}',
      'body.metadata.note',
    ],
    [
      'a property name',
      '/api/audit/logs',
      () => '{"type":"task.client.viewed","metadata":{"\\udc00":"x"}}',
      'body.metadata.\\udc00',
    ],
    [
      'a passkey name, before anything else is looked at',
      '/api/2fa/passkeys',
      () => `{"challengeId":"${projectId}","name":"Clé \\ud800","response":{}}`,
      'body.name',
    ],
  ])('refuses a lone surrogate in %s', async (_where, url, body, path) => {
    const response = await send('POST', url, body());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path }] });
  });

  it('keeps well-formed text of every plane, emoji included', async () => {
    const response = await send(
      'POST',
      '/api/tasks',
      `{"title":"Fusée \\ud83d\\ude80 𝔸","project":"${projectId}","description":"tab\\tligne\\n"}`,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.title).toBe('Fusée 🚀 𝔸');
  });
});

describe('paths that are not text', () => {
  it.each(['%FF%FE', '%ED%A0%80', 'x'.repeat(300)])(
    'answers %s in a path parameter with a 400 problem document',
    async (id) => {
      const response = await inject(ctx.app, { method: 'GET', url: `/api/tasks/${id}`, token: member.token });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    },
  );
});

describe('JSON bodies: depth', () => {
  it('refuses an array nested 10,000 deep with 400, not a 500', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const response = await send(
      'POST',
      '/api/tasks',
      `{"title":"Profonde","project":"${projectId}","description":${deep}}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ message: expect.stringMatching(/nested/) }],
    });
  });

  it('refuses an object nested past the limit on a route whose body is open (audit metadata)', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const response = await send(
      'POST',
      '/api/audit/logs',
      `{"type":"task.client.viewed","metadata":${deep}}`,
    );
    expect(response.statusCode).toBe(400);
  });
});
