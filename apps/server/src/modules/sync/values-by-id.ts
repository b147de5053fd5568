import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';

/**
 * One column of the rows with these ids, by id: what a presenter needs besides a page's rows (a task's
 * project owner, a comment's author's name), read in one statement.
 */
export async function valuesById<Value>(
  tx: Tx,
  table: PgTable,
  idColumn: PgColumn,
  valueColumn: PgColumn,
  ids: Iterable<string>,
): Promise<Map<string, Value>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: idColumn, value: valueColumn })
    .from(table)
    .where(inArray(idColumn, wanted));
  return new Map(rows.map((row) => [row.id as string, row.value as Value]));
}
