import type { SyncEntity } from '@jalon/contract';
import type { OutboxEntry } from './outbox.ts';
import type { Row } from './store.ts';
import { keepsTombstones } from './tombstones.ts';

/**
 * One answer of the catch-up read, however the transport fetched it: every kind's changes with one cursor,
 * since every kind shares the server's change counter.
 */
export interface PullPage {
  /** Each kind's changed rows in `(changeSeq, id)` order; tombstones have `deletedAt` set. */
  rows: Record<SyncEntity, Row[]>;
  cursor: string;
  hasMore: boolean;
  /** The server's last processed `seq` for this device, read in the same snapshot as the rows. */
  lastSeq: number;
  resetRequired: boolean;
}

/**
 * The change sequence a cursor has reached. Cursors are opaque, but the server writes them as
 * `<seq>.<id>.<signature>` so that a client can tell a stale answer; null when unreadable.
 */
export function cursorSeq(cursor: string | null): number | null {
  const match = cursor === null ? null : /^(\d{1,15})\./.exec(cursor);
  return match ? Number(match[1]) : null;
}

/** One kind's part of a page, as it is stored. */
export type KindPage = Omit<PullPage, 'rows'> & { rows: Row[] };

export interface PullPlan {
  /** A full read: forget every stored row of the entity before putting these. */
  clear: boolean;
  put: Row[];
  remove: string[];
  cursor: string;
  /** Acked entries the pull covers are gone: the rows now show their effect. */
  outbox: OutboxEntry[];
}

/**
 * How to store a page (in one transaction, then the view replays what is left on top). A page whose
 * cursor is behind the stored one is a stale answer and is ignored (null). Only acked entries are dropped
 * at `lastSeq`: a `sent` one whose answer was lost is still owed its result (applied or conflict), which
 * the server keeps until `ackedThrough` covers it, so it is resent rather than forgotten. Only entries on
 * the page's entity are dropped: `lastSeq` says the page shows their effect, not that the other entity's
 * stored rows do (a task page read after a project page older than the batch would otherwise drop the
 * project's overlay, and the device would show the project's previous version until its next pull).
 */
export function planPullPage(
  page: KindPage,
  storedCursor: string | null,
  outbox: readonly OutboxEntry[],
  full: boolean,
  entity: SyncEntity,
): PullPlan | null {
  const stored = full ? null : cursorSeq(storedCursor);
  const received = cursorSeq(page.cursor);
  if (stored !== null && received !== null && received < stored) return null;
  const kept = keepsTombstones(entity);
  return {
    clear: full,
    put: page.rows.filter((row) => kept || !row.deletedAt),
    remove: kept ? [] : page.rows.filter((row) => row.deletedAt).map((row) => row.id),
    cursor: page.cursor,
    outbox: outbox.filter(
      (entry) => !(entry.entity === entity && entry.state === 'acked' && entry.seq! <= page.lastSeq),
    ),
  };
}
