import type { SyncChangesPage, SyncEntity } from '@jalon/contract';
import type { PullTransport, Row } from '@jalon/sync';

/** Reads one answer of the catch-up read whole, checked against the contract; throws on any failure. */
export type ReadChanges = (path: string) => Promise<SyncChangesPage>;

/**
 * The sync core's pull transport over any way of reading the API: the tabs' API client, or the service
 * worker's fetch with the token a tab handed it (it has no localStorage, and must not bring React along).
 * One request per page brings every kind's changes (`GET /api/sync/changes`); a full read (no cursor)
 * starts from the beginning of the log and goes on page by page like any other. It names this device, so
 * the page carries its `lastSeq`. The route takes no `ackedThrough`: results are released by the next batch's.
 */
export function changesPullTransport(read: ReadChanges): PullTransport {
  return async ({ since, clientId }) => {
    const search = new URLSearchParams(since === null ? { clientId } : { since, clientId });
    const page = await read(`/sync/changes?${search.toString()}`);
    return {
      rows: page.data as Record<SyncEntity, Row[]>,
      cursor: page.cursor,
      hasMore: page.hasMore,
      lastSeq: page.lastSeq ?? 0,
      resetRequired: page.resetRequired,
    };
  };
}
