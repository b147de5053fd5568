import { jsonEqual } from '@jalon/sync';
import type { ReadWriteStore } from './indexeddb.ts';

/** An item of a list kept one record per item (the outbox, the conflicts), with its place in the list. */
export type Ordered<T> = T & { order: number };

/** The list in its order: `store` is indexed by `order`. */
export async function readOrderedList<T, Name extends string>(store: ReadWriteStore<Name>): Promise<T[]> {
  const records = (await store.index('order').getAll()) as Ordered<T>[];
  return records.map(({ order: _place, ...item }) => item as T);
}

/**
 * Stores the list the core hands back whole. Rewriting every record each time would make queuing n edits
 * offline cost n² writes (and slow each edit as the outbox grows), so only the records whose content or
 * place changed are written, and those no longer listed are deleted.
 */
export async function writeOrderedList<T, K extends IDBValidKey, Name extends string>(
  store: ReadWriteStore<Name>,
  keyOf: (item: T) => K,
  items: readonly T[],
): Promise<void> {
  const records = (await store.getAll()) as Ordered<T>[];
  const stored = new Map(records.map((record) => [keyOf(record), record]));
  const next = items.map((item, order): Ordered<T> => ({ ...item, order }));
  const listed = new Set(next.map(keyOf));
  const removed = [...stored.keys()].filter((key) => !listed.has(key));
  const changed = next.filter((record) => !jsonEqual(stored.get(keyOf(record)), record));
  await Promise.all([
    ...removed.map((key) => store.delete(key)),
    ...changed.map((record) => store.put(record)),
  ]);
}
