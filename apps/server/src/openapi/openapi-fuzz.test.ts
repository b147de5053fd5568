import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProject,
  createTestContext,
  inject,
  signIn,
  signInAdmin,
  type TestContext,
} from '../test/test-app.ts';
import { fuzzRequests, type KnownIds } from '../test/fuzz-requests.ts';

/**
 * Issue 31: every operation of the published document gets generated requests (fuzz-requests.ts: valid
 * samples, then NUL, lone surrogates, huge and deeply nested values, wrong types, ids in another case),
 * signed in as a member, and as an administrator under /api/admin. No answer may be a 5xx. Bounded:
 * FUZZ_RUNS requests per operation (12 by default); a failure prints fast-check's seed to replay it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Caller = { token: string; user: { id: string } };

let ctx: TestContext;
let document: Json;
let member: Caller;
let admin: Caller;
let ids: KnownIds;

beforeAll(async () => {
  ctx = await createTestContext();
  document = (await inject(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json();
  member = await signIn(ctx);
  admin = await signInAdmin(ctx);
  const projectId = await createProject(ctx, member.token, 'Fuzz');
  const task = await inject(ctx.app, {
    method: 'POST',
    url: '/api/tasks',
    token: member.token,
    payload: { title: 'Fuzz', project: projectId },
  });
  ids = { userId: member.user.id, projectId, taskId: task.json().data.id };
});
afterAll(() => ctx.close());

/**
 * The caller for an operation: none on a public one (sign-in, reset…), an administrator under /api/admin,
 * a member elsewhere; signed in again when a generated request ended its session (sign-out, revoke…).
 */
async function callerFor(path: string, operation: Json): Promise<Caller | null> {
  if (Array.isArray(operation.security) && operation.security.length === 0) return null;
  const isAdmin = path.startsWith('/api/admin/');
  const current = isAdmin ? admin : member;
  if (
    (await inject(ctx.app, { method: 'GET', url: '/api/auth/me', token: current.token })).statusCode === 200
  )
    return current;
  if (isAdmin) return (admin = await signInAdmin(ctx));
  member = await signIn(ctx);
  ids = { ...ids, userId: member.user.id };
  return member;
}

/** Every operation but the event stream, which answers for as long as the client listens. */
const operations = () =>
  Object.entries(document.paths as Json).flatMap(([path, item]) =>
    METHODS.filter(
      (method) => item[method] && !item[method].responses?.['200']?.content?.['text/event-stream'],
    ).map((method) => ({ method, path, operation: item[method] as Json })),
  );

describe('the OpenAPI document, fuzzed', () => {
  it(`answers no 5xx to generated requests on any operation (${RUNS} per operation)`, async () => {
    const failures: string[] = [];
    const listed = operations();
    expect(listed.length).toBeGreaterThan(50);
    for (const { method, path, operation } of listed) {
      let last = '';
      const result = await fc.check(
        fc.asyncProperty(fuzzRequests(document, method, path, operation, ids), async (request) => {
          const caller = await callerFor(path, operation);
          const response = await ctx.app.inject({
            method: request.method as never,
            url: request.url,
            headers: {
              ...(caller && { authorization: `Bearer ${caller.token}` }),
              ...(request.body !== undefined && { 'content-type': 'application/json' }),
            },
            ...(request.body !== undefined && { payload: request.body }),
          });
          last = `${request.method} ${request.url.slice(0, 120)} [${request.mutations.join('; ')}] -> ${response.statusCode} ${response.body.slice(0, 200)}`;
          return response.statusCode < 500;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed)
        failures.push(
          `${method.toUpperCase()} ${path} (seed ${result.seed}): ${result.errorInstance instanceof Error ? `${result.errorInstance.message.slice(0, 400)} after ` : ''}${last}`,
        );
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
