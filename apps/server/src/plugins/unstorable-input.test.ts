import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestContext, inject, signIn, uniqueEmail, type TestContext } from '../test/test-app.ts';

// Issue 9: values the database cannot hold (dates outside its years, NUL in text) used to reach it and
// answer 500. They are refused by the shared contract schemas, with a 400 naming the field (S29).

let ctx: TestContext;
let token: string;
let projectId: string;
let taskId: string;
beforeAll(async () => {
  ctx = await createTestContext({ ALLOW_REGISTRATION: 'true' });
  token = (await signIn(ctx)).token;
  projectId = (
    await send('POST', '/api/projects', { name: 'Sonde', description: '', deadline: '2027-01-31T00:00:00Z' })
  ).json().data.id;
  taskId = (await send('POST', '/api/tasks', { title: 'Sonder', project: projectId })).json().data.id;
});
afterAll(() => ctx.close());

function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: Record<string, unknown>) {
  return inject(ctx.app, { method, url, token, payload });
}

function expectRefused(response: LightMyRequestResponse, field: string, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
  const body = response.json();
  expect(body.code, label).toBe('validation_failed');
  expect(
    body.errors.map((error: { path: string }) => error.path),
    label,
  ).toContain(field);
}

describe('dates outside the years 1900-9999 (UTC) answer 400 naming the field, never 500 (issue 9, S29)', () => {
  const outOfRange = [
    '0000-02-29T00:00:00Z',
    '9999-12-31T23:59:59-23:59',
    '1899-12-31T23:59:59Z',
    '1900-01-01T00:30:00+01:00',
    '10000-01-01T00:00:00Z',
  ];

  const writes = [
    {
      label: 'POST /api/projects',
      method: 'POST',
      url: () => '/api/projects',
      payload: { name: 'Bornes', description: '' },
    },
    { label: 'PUT /api/projects/:id', method: 'PUT', url: () => `/api/projects/${projectId}`, payload: {} },
    {
      label: 'POST /api/tasks',
      method: 'POST',
      url: () => '/api/tasks',
      payload: { title: 'Bornes', project: projectId },
    },
    { label: 'PATCH /api/tasks/:id', method: 'PATCH', url: () => `/api/tasks/${taskId}`, payload: {} },
  ] as const;

  it.each(writes)('$label refuses a deadline out of range', async ({ method, url, payload }) => {
    for (const deadline of outOfRange)
      expectRefused(await send(method, url(), { ...payload, deadline }), 'body.deadline', deadline);
  });

  it('refuses year 0001 with the French sentence the forms show, and stores nothing (issue 32: it became 1901)', async () => {
    const before = (await send('GET', '/api/projects')).json().data.length;
    const yearOne = '0001-01-01T22:59:59.999Z';
    for (const [method, url, payload] of [
      ['POST', '/api/projects', { name: 'An un', description: '', deadline: yearOne }],
      ['POST', '/api/tasks', { title: 'An un', project: projectId, deadline: yearOne }],
      ['PATCH', `/api/tasks/${taskId}`, { deadline: yearOne }],
    ] as const) {
      const response = await send(method, url, payload);
      expectRefused(response, 'body.deadline', `${method} ${url}`);
      const error = response
        .json()
        .errors.find((candidate: { path: string }) => candidate.path === 'body.deadline');
      expect(error.message).toBe('La date doit être comprise entre les années 1900 et 9999.');
    }
    expect((await send('GET', '/api/projects')).json().data).toHaveLength(before);
    expect((await send('GET', `/api/tasks/${taskId}`)).json().data.deadline).toBeNull();
  });

  it('accepts the first and the last storable instants, whatever the offset', async () => {
    for (const [deadline, stored] of [
      ['1900-01-01T00:00:00Z', '1900-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
      ['9999-12-31T23:59:59+23:59', '9999-12-31T00:00:59.000Z'],
      ['1899-12-31T23:00:00-01:00', '1900-01-01T00:00:00.000Z'],
    ]) {
      const response = await send('PATCH', `/api/tasks/${taskId}`, { deadline });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.deadline).toBe(stored);
    }
  });

  it('the audit filters refuse out-of-range bounds, dates and date-times alike', async () => {
    for (const [field, value] of [
      ['startDate', '0000-01-01'],
      ['endDate', '0000-02-29T00:00:00Z'],
      ['endDate', '9999-12-31T23:59:59-23:59'],
    ]) {
      for (const url of ['/api/auth/audit-logs', '/api/auth/audit-logs/export/csv']) {
        expectRefused(
          await send('GET', `${url}?${field}=${encodeURIComponent(value!)}`),
          `querystring.${field}`,
          `${url} ${field}=${value}`,
        );
      }
    }
  });
});

describe('control characters in request text answer 400 naming the field, never 500 (issue 9, S29)', () => {
  const NUL = 'a\u0000b';
  const cases: Array<{ label: string; field: string; request: () => Promise<LightMyRequestResponse> }> = [
    {
      label: 'project name',
      field: 'body.name',
      request: () =>
        send('POST', '/api/projects', { name: NUL, description: '', deadline: '2027-01-01T00:00:00Z' }),
    },
    {
      label: 'project description',
      field: 'body.description',
      request: () => send('PUT', `/api/projects/${projectId}`, { description: NUL }),
    },
    {
      label: 'task title (create)',
      field: 'body.title',
      request: () => send('POST', '/api/tasks', { title: NUL, project: projectId }),
    },
    {
      label: 'task title (update)',
      field: 'body.title',
      request: () => send('PATCH', `/api/tasks/${taskId}`, { title: NUL }),
    },
    {
      label: 'task description',
      field: 'body.description',
      request: () => send('PATCH', `/api/tasks/${taskId}`, { description: NUL }),
    },
    {
      label: 'task list cursor',
      field: 'querystring.since',
      request: () => send('GET', `/api/tasks?since=${encodeURIComponent(NUL)}`),
    },
    {
      label: 'task list page',
      field: 'querystring.after',
      request: () => send('GET', `/api/tasks?after=${encodeURIComponent(NUL)}`),
    },
    {
      label: 'project list cursor',
      field: 'querystring.since',
      request: () => send('GET', `/api/projects?since=${encodeURIComponent(NUL)}`),
    },
    {
      label: 'client audit details',
      field: 'body.details',
      request: () => send('POST', '/api/audit/logs', { type: 'task.client.opened', details: NUL }),
    },
    {
      label: 'client audit resource',
      field: 'body.resource',
      request: () => send('POST', '/api/audit/logs', { type: 'task.client.opened', resource: NUL }),
    },
    {
      label: 'client audit metadata value',
      field: 'body.metadata.note',
      request: () => send('POST', '/api/audit/logs', { type: 'task.client.opened', metadata: { note: NUL } }),
    },
    {
      label: 'client audit metadata key',
      field: 'body.metadata.a\\u0000b',
      request: () =>
        send('POST', '/api/audit/logs', { type: 'task.client.opened', metadata: { [NUL]: 'x' } }),
    },
    {
      label: 'audit filter user',
      field: 'querystring.user',
      request: () => send('GET', `/api/auth/audit-logs?user=${encodeURIComponent(NUL)}`),
    },
    {
      label: 'audit filter resource',
      field: 'querystring.resource',
      request: () => send('GET', `/api/auth/audit-logs?resource=${encodeURIComponent(NUL)}`),
    },
    {
      label: 'audit filter text',
      field: 'querystring.q',
      request: () => send('GET', `/api/auth/audit-logs/export/csv?q=${encodeURIComponent(NUL)}`),
    },
    {
      label: 'audit search',
      field: 'querystring.q',
      request: () => send('GET', `/api/audit/logs/search?q=${encodeURIComponent(NUL)}`),
    },
    {
      label: 'sign-in e-mail',
      field: 'body.email',
      request: () =>
        send('POST', '/api/auth/login', { email: `a\u0000${uniqueEmail()}`, password: 'whatever password' }),
    },
    {
      label: 'sign-in password',
      field: 'body.password',
      request: () => send('POST', '/api/auth/login', { email: uniqueEmail(), password: NUL }),
    },
    {
      label: 'registration username',
      field: 'body.username',
      request: () =>
        send('POST', '/api/auth/register', {
          email: uniqueEmail(),
          password: 'Correct horse 7 battery!',
          username: NUL,
        }),
    },
    {
      label: 'new password',
      field: 'body.password',
      request: () =>
        send('POST', '/api/auth/register', {
          email: uniqueEmail(),
          password: 'Correct horse\u0000 7 battery!',
        }),
    },
    {
      label: 'forgotten-password e-mail',
      field: 'body.email',
      request: () => send('POST', '/api/auth/password/forgot', { email: `${uniqueEmail()}\u0000` }),
    },
    {
      label: 'reset token',
      field: 'body.token',
      request: () =>
        send('POST', '/api/auth/password/reset', { token: NUL, password: 'Correct horse 7 battery!' }),
    },
    {
      label: 'two-factor tempToken',
      field: 'body.tempToken',
      request: () =>
        send('POST', '/api/auth/verify-2fa', { code: '123456', tempToken: `${'t'.repeat(20)}\u0000` }),
    },
    {
      label: 'backup-code tempToken',
      field: 'body.tempToken',
      request: () =>
        send('POST', '/api/2fa/verify-backup', { code: 'ABCDE23456', tempToken: `${'t'.repeat(20)}\u0000` }),
    },
  ];

  it.each(cases)('$label', async ({ label, field, request }) => {
    expectRefused(await request(), field, label);
  });

  it('refuses the other controls (escape, DEL, C1) but keeps tab and line feed; carriage return only in descriptions', async () => {
    for (const title of ['\u001b[31mrouge', 'del\u007f', 'c1\u0085', 'retour\rchariot']) {
      expectRefused(
        await send('PATCH', `/api/tasks/${taskId}`, { title }),
        'body.title',
        JSON.stringify(title),
      );
    }
    const kept = await send('PATCH', `/api/tasks/${taskId}`, {
      title: 'col\tonne\nligne',
      description: 'une\r\ndeux\n\ttrois',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      title: 'col\tonne\nligne',
      description: 'une\r\ndeux\n\ttrois',
    });
  });
});
