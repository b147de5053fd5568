import { and, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SYNC, SYNC_ENTITIES, type ListMeta, type SyncChangesPage, type SyncEntity } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import {
  changePosition,
  deltaStart,
  deltaWhere,
  plainMeta,
  resetMeta,
  type ChangeCursor,
  type CursorCodec,
} from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
import { ALL_RULES, rulesOf } from './entities.ts';
import { lastSeqOf } from './sync-clients.ts';

/** The log before its first change: a read from here is a full read (every row there is, tombstones too). */
const LOG_START: ChangeCursor = { seq: 0, id: null };

type Changed = { id: string; changeSeq: number };

/**
 * Each kind's page of changed rows, as REST presents them to the reader (a kind not read: none), and the
 * one cursor past them.
 */
export interface Changes {
  changes: SyncChangesPage['data'];
  meta: ListMeta;
}

const noChanges = (): Changes['changes'] =>
  Object.fromEntries(SYNC_ENTITIES.map((entity) => [entity, []])) as unknown as Changes['changes'];

const before = (a: Changed, b: Changed) =>
  a.changeSeq < b.changeSeq || (a.changeSeq === b.changeSeq && a.id < b.id);

/**
 * A catch-up read (docs/sync-protocol.md, "Catch-up reads") of every declared kind of data (or `only`
 * one), each from its declaration (`EntityRules.catchUp`): their rows changed past the cursor, tombstones included, in
 * (change_seq, id) order, with one cursor for all of them, since every kind shares the one change counter.
 * Without `since` it reads from the start of the log (everything there is). Each kind reads at most
 * `limit` rows; where a kind has more, the page ends at its last row, and other kinds' rows past that
 * point wait for the next page, so the one cursor never skips a row. The counter, the horizon, every
 * kind's rows and the device's `lastSeq` are read in one repeatable-read snapshot.
 */
export function readChanges(
  db: Db,
  cursors: CursorCodec,
  request: { viewer: Viewer; since?: string; clientId?: string; limit?: number; only?: SyncEntity },
): Promise<Changes> {
  const limit = request.limit ?? SYNC.catchUpPage;
  const kinds = request.only ? [rulesOf(request.only)] : ALL_RULES;
  return db.transaction(
    async (tx) => {
      const position = await changePosition(tx);
      const from = request.since === undefined ? LOG_START : deltaStart(cursors, request.since, position);
      if (!from) return { changes: noChanges(), meta: resetMeta(cursors, position.value) };
      const read: Array<{ rules: (typeof kinds)[number]; rows: Changed[] }> = [];
      for (const rules of kinds) {
        const { table, catchUp } = rules;
        const rows = (await tx
          .select()
          .from(table as PgTable)
          .where(and(deltaWhere(from, table.changeSeq, table.id), catchUp.visible))
          .orderBy(table.changeSeq, table.id)
          .limit(limit + 1)) as Changed[];
        read.push({ rules, rows });
      }
      // The page ends at the earliest last row of a kind that has more to read.
      let end: Changed | null = null;
      for (const { rows } of read) {
        const last = rows.length > limit ? rows[limit - 1]! : null;
        if (last && (!end || before(last, end))) end = last;
      }
      const changes: Record<string, unknown[]> = noChanges();
      for (const { rules, rows } of read) {
        const page = rows.slice(0, limit).filter((row) => !end || !before(end, row));
        changes[rules.entity] = await rules.catchUp.present(tx, request.viewer, page as never);
      }
      const cursor = cursors.encode(
        end ? { seq: end.changeSeq, id: end.id } : { seq: position.value, id: null },
      );
      const meta: ListMeta = { cursor, hasMore: end !== null, nextAfter: null, resetRequired: false };
      const answer = { changes: changes as Changes['changes'], meta };
      if (request.clientId === undefined) return answer;
      return {
        ...answer,
        meta: { ...meta, lastSeq: await lastSeqOf(tx, request.clientId, request.viewer.userId) },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** One kind's catch-up read, as its own route answers it: its rows as `items`, with the list meta. */
export async function readKindChanges<E extends SyncEntity>(
  db: Db,
  cursors: CursorCodec,
  only: E,
  request: { viewer: Viewer; since: string | undefined; clientId: string | undefined; limit?: number },
): Promise<{ items: Changes['changes'][E]; meta: ListMeta }> {
  const { changes, meta } = await readChanges(db, cursors, { ...request, only });
  return { items: changes[only], meta };
}

/**
 * Every live row of a kind in the given order, presented, with the cursor a later catch-up read starts
 * from: the counter and the rows come from one snapshot.
 */
export function readLiveRows<Table extends PgTable & { deletedAt: PgColumn }, Item>(
  db: Db,
  cursors: CursorCodec,
  table: Table,
  order: SQL[],
  present: (row: Table['$inferSelect']) => Item,
): Promise<{ items: Item[]; meta: ListMeta }> {
  return db.transaction(
    async (tx) => {
      const position = await changePosition(tx);
      const rows = await tx
        .select()
        .from(table as PgTable)
        .where(isNull(table.deletedAt))
        .orderBy(...order);
      return {
        items: (rows as Table['$inferSelect'][]).map(present),
        meta: plainMeta(cursors, position.value),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
