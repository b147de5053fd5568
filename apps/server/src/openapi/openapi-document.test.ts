import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD } from '@jalon/contract';
import { createTestContext, inject, type TestContext } from '../test/test-app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let ctx: TestContext;
let doc: Json;
const operations: Array<{ method: string; path: string; operation: Json }> = [];
const byId = (operationId: string) =>
  operations.find((entry) => entry.operation.operationId === operationId)!;

beforeAll(async () => {
  ctx = await createTestContext();
  doc = (await inject(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const method of METHODS)
      if (item[method]) operations.push({ method, path, operation: item[method] });
  }
});
afterAll(() => ctx.close());

describe('the published OpenAPI document', () => {
  it('names its server and licence, and lists the API only (no web app route, no catch-all)', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: ctx.config.publicUrl })]);
    expect(doc.info.license.name).toBeTruthy();
    expect(operations.length).toBeGreaterThan(30);
    for (const { path } of operations) expect(path).toMatch(/^\/api\/[a-z0-9]/);
    expect(Object.keys(doc.paths)).not.toContain('/api/openapi.json');
  });

  it('gives every operation a unique operationId and a described tag', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(byId('listTasks').path).toBe('/api/tasks');
    expect(byId('patchTask').method).toBe('patch');
    const tags = new Map((doc.tags as Json[]).map((tag) => [tag.name, tag.description]));
    for (const { operation } of operations)
      for (const tag of operation.tags) expect(tags.get(tag)).toBeTruthy();
  });

  it('says which routes are public, which take the bearer token, and that the event stream takes the cookie', () => {
    for (const id of [
      'getHealth',
      'login',
      'verifyTwoFactorCode',
      'verifyBackupCode',
      'forgotPassword',
      'resetPassword',
      'checkSession',
    ]) {
      expect(byId(id).operation.security, id).toEqual([]);
    }
    // A personal access token opens what the person may use, never the account's security routes.
    expect(byId('listTasks').operation.security).toEqual([{ bearer: [] }, { personalToken: [] }]);
    for (const id of ['listSessions', 'createApiToken', 'getMe', 'postAuthPasswordChange'])
      expect(byId(id).operation.security, id).toEqual([{ bearer: [] }]);
    expect(doc.components.securitySchemes.personalToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(byId('streamEvents').operation.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'jalon_session',
    });
    expect(byId('streamEvents').operation.responses['200'].content).toHaveProperty(['text/event-stream']);
  });

  it('has one Problem schema, with the 409 extensions, that every error answer refers to', () => {
    const problem = doc.components.schemas.Problem;
    expect(problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'code']));
    expect(Object.keys(problem.properties)).toEqual(
      expect.arrayContaining(['requestId', 'errors', 'server', 'serverVersion', 'reason']),
    );
    for (const { operation } of operations) {
      const errors = Object.entries(operation.responses as Json).filter(([status]) => Number(status) >= 400);
      expect(errors.length).toBeGreaterThan(0);
      for (const [status, answer] of errors) {
        if (operation.operationId === 'getHealth' && status === '503') continue; // the health check's own degraded body
        expect(answer.$ref).toMatch(/^#\/components\/responses\//);
      }
    }
    const rateLimited = doc.components.responses.TooManyRequests;
    expect(rateLimited.headers).toHaveProperty('retry-after');
    expect(rateLimited.content['application/problem+json'].schema).toEqual({
      $ref: '#/components/schemas/Problem',
    });
  });

  it('derives each route’s error answers from its definition', () => {
    const statuses = (id: string) => Object.keys(byId(id).operation.responses).map(Number);
    // A versioned write: its params (404), body (400, 413, 415), X-Entity-Version (409), a signed-in route
    // (401, 403), a personal token's budget (429).
    expect(statuses('patchTask')).toEqual([200, 400, 401, 403, 404, 409, 413, 415, 429, 500, 503]);
    // The sign-in: public, rate limited, wrong credentials and a deactivated account (declared by the route).
    expect(statuses('login')).toEqual([200, 400, 401, 403, 413, 415, 429, 500, 503]);
    // The session check reads no input: only the token mismatch and the database.
    expect(statuses('checkSession')).toEqual([200, 401, 500, 503]);
    expect(byId('syncBatch').operation.responses).toHaveProperty('409');
  });

  it('declares the headers: X-Entity-Version and X-Session-Id asked, session, file and retry headers answered', () => {
    const patch = byId('patchTask').operation;
    expect(patch.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'x-entity-version', in: 'header', required: false }),
      ]),
    );
    expect(patch.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/SessionId' }]));
    expect(Object.keys(patch.responses['200'].headers)).toEqual(
      expect.arrayContaining(['x-session-id', 'x-session-expires-at', 'x-request-id']),
    );
    const exported = byId('exportAuditLogs').operation.responses['200'];
    expect(Object.keys(exported.content)).toEqual(['text/csv', 'application/pdf']);
    expect(exported.headers).toHaveProperty('content-disposition');
    expect(doc.components.responses.ServiceUnavailable.headers).toHaveProperty('retry-after');
  });

  it('states enums and ranges as the server checks them', () => {
    const days = byId('getAnalyticsTrends').operation.parameters.find(
      (parameter: Json) => parameter.name === 'days',
    );
    expect(days.schema.enum).toEqual([...DASHBOARD.periods]);
    const patchBody = byId('patchTask').operation.requestBody.content['application/json'].schema;
    expect(patchBody.minProperties).toBe(1);
    expect(patchBody.properties.status.enum).toEqual(['todo', 'in_progress', 'in_review', 'done']);
  });

  it('documents the sync batch and the event stream', () => {
    expect(byId('syncBatch').path).toBe('/api/sync/batch');
    expect(
      byId('syncBatch').operation.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('operations');
    expect(byId('streamEvents').path).toBe('/api/events');
  });
});

describe('each route, called without a token', () => {
  // Every operation of the document, whatever module adds it: public ones answer without credentials
  // (the response validator checks the answer is one the document gives), the others say 401.
  it('answers as its security says', async () => {
    const seen: string[] = [];
    for (const { method, path, operation } of operations) {
      if (operation.operationId === 'streamEvents') continue; // a stream: called over HTTP in events.test.ts
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const body = ['post', 'put', 'patch'].includes(method) ? { payload: {} } : {};
      const response = await inject(ctx.app, { method: method.toUpperCase() as 'GET', url, ...body });
      const isPublic = operation.security.length === 0;
      expect(
        response.statusCode === 401,
        `${method.toUpperCase()} ${path} answered ${response.statusCode}`,
      ).toBe(!isPublic);
      if (isPublic) seen.push(operation.operationId);
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'getHealth',
        'login',
        'forgotPassword',
        'resetPassword',
        'verifyTwoFactorCode',
        'verifyBackupCode',
        'checkSession',
      ]),
    );
  });

  it('answers the event stream without its cookie with 401, as documented', async () => {
    const response = await inject(ctx.app, { method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('unauthorized');
  });
});
