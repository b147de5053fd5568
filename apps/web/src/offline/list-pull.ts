import { TASK_LIMITS } from '@jalon/contract/plain';
import type { ListMeta, SyncEntity } from '@jalon/contract';
import type { PullTransport, Row } from '@jalon/sync';

export type ListPage = ListMeta & { data: Row[] };

/** The contract's schemas of the two lists, by name: each reader checks with its own copy of them. */
export type ListSchemaName = 'taskPageSchema' | 'projectPageSchema' | 'labelPageSchema' | 'commentPageSchema';

/** Reads one list answer whole (`data` and its paging fields) and checks it against `schema`; throws on any failure. */
export type ReadList = (path: string, schema: ListSchemaName) => Promise<ListPage>;

// Tasks are read in the largest pages the server gives; projects and labels come whole (no limit).
const LISTS: Record<SyncEntity, { path: string; schema: ListSchemaName; params: Record<string, string> }> = {
  task: { path: '/tasks', schema: 'taskPageSchema', params: { limit: String(TASK_LIMITS.listMax) } },
  project: { path: '/projects', schema: 'projectPageSchema', params: {} },
  label: { path: '/labels', schema: 'labelPageSchema', params: {} },
  comment: { path: '/comments', schema: 'commentPageSchema', params: {} },
};

/**
 * The sync core's pull transport over any way of reading a list: the tabs' API client, or the service
 * worker's fetch with the token a tab handed it (it has no localStorage, and must not bring React along).
 * A delta read names this device, so the page carries its `lastSeq`. A full read (no cursor) follows
 * `nextAfter` to the end and answers one page with the cursor of its first page (what changed
 * while it paged comes with the next pull); it says nothing of this device's operations, so its `lastSeq`
 * is 0 and the acked edits stay on top until that next pull. The list routes take no `ackedThrough`:
 * results are released by the next batch's. Any failure is thrown.
 */
export function listPullTransport(read: ReadList): PullTransport {
  const readList = (entity: SyncEntity, params: Record<string, string>): Promise<ListPage> => {
    const list = LISTS[entity];
    const search = new URLSearchParams({ ...list.params, ...params }).toString();
    return read(search ? `${list.path}?${search}` : list.path, list.schema);
  };
  return async ({ entity, since, clientId }) => {
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
    // Comments read in full come a page at a time, by cursor (`hasMore`): the core reads on from it.
    return { rows, cursor: first.cursor, hasMore: first.hasMore, lastSeq: 0, resetRequired: false };
  };
}
