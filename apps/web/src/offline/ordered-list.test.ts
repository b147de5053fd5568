import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inTransaction, openDatabase, type Database, type ReadWriteStore } from './indexeddb.ts';
import { readOrderedList, writeOrderedList } from './ordered-list.ts';

interface Item {
  key: number;
  text: string;
}

const item = (key: number, text = `n°${key}`): Item => ({ key, text });
const databases: Database[] = [];
afterEach(() => databases.splice(0).forEach((db) => db.close()));

async function openList() {
  const db = await openDatabase(crypto.randomUUID(), 1, { items: { keyPath: 'key', indexes: ['order'] } });
  databases.push(db);
  const inList = <T>(work: (store: ReadWriteStore<'items'>) => Promise<T>) =>
    inTransaction(db, ['items'], (transaction) => work(transaction.objectStore('items')));
  return {
    inList,
    write: (items: Item[], spy?: (store: ReadWriteStore<'items'>) => void) =>
      inList((store) => {
        spy?.(store);
        return writeOrderedList(store, (value: Item) => value.key, items);
      }),
    read: () => inList((store) => readOrderedList<Item, 'items'>(store)),
  };
}

describe('ordered lists in IndexedDB', () => {
  it('reads back the list in the order it was written, not in key order', async () => {
    const list = await openList();
    await list.write([item(3), item(1), item(2)]);
    expect(await list.read()).toEqual([item(3), item(1), item(2)]);
  });

  it('writes only the items that changed or moved, and deletes those no longer listed', async () => {
    const list = await openList();
    await list.write([item(1), item(2), item(3), item(4)]);
    const put = vi.fn();
    const removed = vi.fn();
    const watch = (store: ReadWriteStore<'items'>) => {
      const { put: realPut, delete: realDelete } = store;
      store.put = (value, key) => (put(value), realPut.call(store, value, key));
      store.delete = (key) => (removed(key), realDelete.call(store, key));
    };
    await list.write([item(1), item(2, 'changé'), item(4), item(3)], watch);
    expect(put.mock.calls).toEqual([
      [{ ...item(2, 'changé'), order: 1 }],
      [{ ...item(4), order: 2 }],
      [{ ...item(3), order: 3 }],
    ]);
    expect(removed).not.toHaveBeenCalled();
    await list.write([item(1), item(4)], watch);
    expect(removed.mock.calls).toEqual([[2], [3]]);
    expect(await list.read()).toEqual([item(1), item(4)]);
  });
});
