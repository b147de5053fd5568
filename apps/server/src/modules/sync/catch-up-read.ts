import { and, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ListMeta } from '@jalon/contract';
import type { Tx } from '../../db/client.ts';
import {
  changePosition,
  deltaPage,
  deltaStart,
  deltaWhere,
  resetMeta,
  type CursorCodec,
} from '../changes/change-log.ts';
import { lastSeqOf } from './sync-clients.ts';

/** Rows a catch-up read answers at most at once; `meta.hasMore` says to ask again. */
export const CATCH_UP_PAGE = 500;

type ChangedTable = PgTable & { id: PgColumn; changeSeq: PgColumn };

/**
 * A catch-up read of one kind of data (docs/sync-protocol.md, "Catch-up reads"): its rows changed past the
 * cursor, tombstones included, one page in (change_seq, id) order, with the device's `lastSeq` when it
 * says which device it is. Run it in a repeatable-read transaction, so the counter, the horizon, the page
 * and `lastSeq` come from one snapshot. `visible` narrows the rows to those the reader may see.
 */
export async function readChangedRows<Table extends ChangedTable>(
  tx: Tx,
  cursors: CursorCodec,
  table: Table,
  request: { since: string; clientId?: string; userId: string; visible?: SQL },
): Promise<{ rows: Table['$inferSelect'][]; meta: ListMeta }> {
  const position = await changePosition(tx);
  const cursor = deltaStart(cursors, request.since, position);
  if (!cursor) return { rows: [], meta: resetMeta(cursors, position.value) };
  const read = (await tx
    .select()
    .from(table as PgTable)
    .where(and(deltaWhere(cursor, table.changeSeq, table.id), request.visible))
    .orderBy(table.changeSeq, table.id)
    .limit(CATCH_UP_PAGE + 1)) as Array<Table['$inferSelect'] & { changeSeq: number; id: string }>;
  const { page, meta } = deltaPage(cursors, read, CATCH_UP_PAGE, position);
  if (request.clientId === undefined) return { rows: page, meta };
  return { rows: page, meta: { ...meta, lastSeq: await lastSeqOf(tx, request.clientId, request.userId) } };
}
