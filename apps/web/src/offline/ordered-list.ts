import type { IndexableType, Table } from 'dexie';
import { jsonEqual } from '@jalon/sync';

/** An item of a list kept one record per item (the outbox, the conflicts), with its place in the list. */
export type Ordered<T> = T & { order: number };

export async function readOrderedList<T, K extends IndexableType>(table: Table<Ordered<T>, K>): Promise<T[]> {
  return (await table.orderBy('order').toArray()).map(({ order: _place, ...item }) => item as T);
}

/**
 * Stores the list the core hands back whole. Rewriting every record each time would make queuing n edits
 * offline cost n² writes (and slow each edit as the outbox grows), so only the records whose content or
 * place changed are written, and those no longer listed are deleted.
 */
export async function writeOrderedList<T, K extends IndexableType>(
  table: Table<Ordered<T>, K>,
  keyOf: (item: T) => K,
  items: readonly T[],
): Promise<void> {
  const stored = new Map((await table.toArray()).map((record) => [keyOf(record), record]));
  const next = items.map((item, order): Ordered<T> => ({ ...item, order }));
  const listed = new Set(next.map(keyOf));
  await table.bulkDelete([...stored.keys()].filter((key) => !listed.has(key)));
  await table.bulkPut(next.filter((record) => !jsonEqual(stored.get(keyOf(record)), record)));
}
