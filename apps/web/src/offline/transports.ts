import {
  projectPageSchema,
  TASK_LIMITS,
  taskPageSchema,
  type ListMeta,
  type SyncEntity,
} from '@jalon/contract';
import type { BatchTransport, PullTransport, Row } from '@jalon/sync';
import type { PayloadSchema } from '../lib/api-client.ts';
import { apiRequest } from '../lib/api-client.ts';
import { isApiError } from '../lib/api-error.ts';

/**
 * The sync core's batch transport over the app's API client (Bearer, X-Session-Id, problem details). The
 * core reads the status and the body itself; only "no answer at all" is thrown, which it retries with
 * backoff. A session found expired before sending counts as the server's 401: sending pauses.
 */
export const sendBatch: BatchTransport = async (request) => {
  try {
    return { status: 200, body: await apiRequest('/sync/batch', { method: 'POST', body: request }) };
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status !== null)
      return { status: error.status, body: error.problem };
    if (isApiError(error) && error.kind === 'session_expired') return { status: 401, body: null };
    throw error;
  }
};

type ListPage = ListMeta & { data: Row[] };

// Tasks are read in the largest pages the server gives; projects come whole (their route takes no limit).
const LISTS: Record<
  SyncEntity,
  { path: string; schema: PayloadSchema<ListPage>; params: Record<string, string> }
> = {
  task: { path: '/tasks', schema: taskPageSchema, params: { limit: String(TASK_LIMITS.listMax) } },
  project: { path: '/projects', schema: projectPageSchema, params: {} },
};

function readList(entity: SyncEntity, params: Record<string, string>): Promise<ListPage> {
  const list = LISTS[entity];
  const search = new URLSearchParams({ ...list.params, ...params }).toString();
  return apiRequest(search ? `${list.path}?${search}` : list.path, { schema: list.schema, envelope: true });
}

/**
 * The sync core's pull transport. A delta read names this device, so the page carries its `lastSeq`. A full
 * read (no cursor) follows `nextAfter` to the end and answers one page with the cursor of its first page
 * (SYNC.md §4: what changed while it paged comes with the next pull); it says nothing of this device's
 * operations, so its `lastSeq` is 0 and the acked edits stay on top until that next pull. The list routes
 * take no `ackedThrough`: results are released by the next batch's. Any failure is thrown.
 */
export const fetchPullPage: PullTransport = async ({ entity, since, clientId }) => {
  if (since !== null) {
    const page = await readList(entity, { since, clientId });
    return {
      rows: page.data,
      cursor: page.cursor,
      hasMore: page.hasMore,
      lastSeq: page.lastSeq ?? 0,
      resetRequired: page.resetRequired,
    };
  }
  const first = await readList(entity, {});
  const rows = [...first.data];
  for (let after = first.nextAfter; after !== null;) {
    const page = await readList(entity, { after });
    rows.push(...page.data);
    after = page.nextAfter;
  }
  return { rows, cursor: first.cursor, hasMore: false, lastSeq: 0, resetRequired: false };
};
