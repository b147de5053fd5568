import { classifyBatchResponse } from '@jalon/sync';
import type { SyncBatchRequest } from '@jalon/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, pathOf, problem } from '../test/http.ts';
import { makeProject, makeTask, taskId } from '../test/work-fixtures.ts';
import { pageChecks } from './answer-checks.ts';
import { setNavigator } from '../lib/redirects.ts';
import { updateSession } from '../lib/session-store.ts';
import { fetchPullPage, sendBatch } from './transports.ts';

const CLIENT = '00000000-0000-4000-8000-0000000000c1';
const request: SyncBatchRequest = {
  schemaVersion: 1,
  clientId: CLIENT,
  userId: 'u',
  ackedThrough: 0,
  operations: [{ seq: 1, entity: 'task', op: 'delete', id: taskId(1), version: 1, data: {} }],
};
const answer = {
  applied: [{ seq: 1, entity: 'task', id: taskId(1), version: 2 }],
  conflicts: [],
  lastSeq: 1,
  changeSeq: 9,
};

const changesPage = (data: Record<string, unknown[]>, meta: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({
      data,
      cursor: '10..sig',
      hasMore: false,
      nextAfter: null,
      resetRequired: false,
      ...meta,
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );

beforeEach(() => {
  setNavigator(vi.fn());
  updateSession({ token: 'tok-123', sessionId: 'sess-1' });
});

describe('sendBatch', () => {
  it('posts the batch with the session headers and hands the core the answer', async () => {
    const calls = mockFetch(() => json(answer));
    expect(await sendBatch(request)).toEqual({ status: 200, body: answer });
    expect(
      calls.map((call) => [
        call.method,
        pathOf(call),
        call.headers.get('Authorization'),
        call.headers.get('X-Session-Id'),
        call.body,
      ]),
    ).toEqual([['POST', '/sync/batch', 'Bearer tok-123', 'sess-1', request]]);
  });

  it('hands error answers over as status and problem, so out_of_order keeps its lastSeq', async () => {
    mockFetch(() => problem(409, 'out_of_order', { lastSeq: 4 }));
    expect(await classifyBatchResponse(await sendBatch(request), pageChecks)).toEqual({
      kind: 'outOfOrder',
      lastSeq: 4,
    });
    mockFetch(() => new Response('Bad gateway', { status: 502 }));
    expect(await sendBatch(request)).toEqual({ status: 502, body: null });
  });

  it('throws when nothing answered, which the core retries with backoff', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(sendBatch(request)).rejects.toMatchObject({ kind: 'network' });
  });

  it('answers an expired session as a 401 without sending, which pauses the sender', async () => {
    updateSession({ sessionExpiry: '2000-01-01T00:00:00.000Z' });
    const calls = mockFetch(() => json(answer));
    expect(await classifyBatchResponse(await sendBatch(request), pageChecks)).toEqual({
      kind: 'pause',
      reason: 'unauthorized',
    });
    expect(calls).toEqual([]);
  });
});

describe('fetchPullPage', () => {
  const kinds = (rows: { project?: unknown[]; task?: unknown[] }) => ({
    project: rows.project ?? [],
    label: [],
    task: rows.task ?? [],
    comment: [],
  });

  it('reads every kind in one request from the start of the log, naming this device', async () => {
    const calls = mockFetch(() => changesPage(kinds({ task: [makeTask()] }), { hasMore: true, lastSeq: 2 }));
    expect(await fetchPullPage({ since: null, clientId: CLIENT, ackedThrough: 0 })).toEqual({
      rows: kinds({ task: [makeTask()] }),
      cursor: '10..sig',
      hasMore: true,
      lastSeq: 2,
      resetRequired: false,
    });
    expect(calls.map(pathOf)).toEqual([`/sync/changes?clientId=${CLIENT}`]);
  });

  it('reads the changes since the cursor, and passes on its lastSeq and the paging', async () => {
    const tombstone = makeProject({ deletedAt: '2030-01-11T00:00:00.000Z' });
    const calls = mockFetch(() => changesPage(kinds({ project: [tombstone] }), { lastSeq: 7 }));
    expect(await fetchPullPage({ since: '9..sig', clientId: CLIENT, ackedThrough: 3 })).toEqual({
      rows: kinds({ project: [tombstone] }),
      cursor: '10..sig',
      hasMore: false,
      lastSeq: 7,
      resetRequired: false,
    });
    expect(calls.map(pathOf)).toEqual([`/sync/changes?since=9..sig&clientId=${CLIENT}`]);
  });

  it('passes resetRequired on, and throws a failed read or an answer the contract refuses', async () => {
    mockFetch(() => changesPage(kinds({}), { resetRequired: true }));
    expect(await fetchPullPage({ since: '1..old', clientId: CLIENT, ackedThrough: 0 })).toMatchObject({
      resetRequired: true,
    });
    mockFetch(() => problem(500, 'internal_error'));
    await expect(fetchPullPage({ since: '1..old', clientId: CLIENT, ackedThrough: 0 })).rejects.toMatchObject(
      {
        status: 500,
      },
    );
    mockFetch(() => changesPage({ task: [makeTask()] }));
    await expect(fetchPullPage({ since: '1..old', clientId: CLIENT, ackedThrough: 0 })).rejects.toBeDefined();
  });
});
