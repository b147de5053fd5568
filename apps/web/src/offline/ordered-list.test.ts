import 'fake-indexeddb/auto';
import { Dexie, type Table } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readOrderedList, writeOrderedList, type Ordered } from './ordered-list.ts';

interface Item {
  key: number;
  text: string;
}

const item = (key: number, text = `n°${key}`): Item => ({ key, text });
const databases: Dexie[] = [];
afterEach(() => databases.splice(0).forEach((db) => db.close()));

function openList(): Table<Ordered<Item>, number> {
  const db = new Dexie(crypto.randomUUID());
  db.version(1).stores({ items: 'key, order' });
  databases.push(db);
  return db.table('items');
}

const write = (table: Table<Ordered<Item>, number>, items: Item[]) =>
  writeOrderedList(table, (value) => value.key, items);

describe('ordered lists in IndexedDB', () => {
  it('reads back the list in the order it was written, not in key order', async () => {
    const table = openList();
    await write(table, [item(3), item(1), item(2)]);
    expect(await readOrderedList(table)).toEqual([item(3), item(1), item(2)]);
  });

  it('writes only the items that changed or moved, and deletes those no longer listed', async () => {
    const table = openList();
    await write(table, [item(1), item(2), item(3), item(4)]);
    const put = vi.spyOn(table, 'bulkPut');
    const removed = vi.spyOn(table, 'bulkDelete');
    await write(table, [item(1), item(2, 'changé'), item(4), item(3)]);
    expect(put.mock.calls).toEqual([
      [
        [
          { ...item(2, 'changé'), order: 1 },
          { ...item(4), order: 2 },
          { ...item(3), order: 3 },
        ],
      ],
    ]);
    await write(table, [item(1), item(4)]);
    expect(removed.mock.calls.at(-1)).toEqual([[2, 3]]);
    expect(await readOrderedList(table)).toEqual([item(1), item(4)]);
  });
});
