import { describe, expect, it } from 'vitest';
import { MemoryStore } from './memory-store.ts';
import { taskRow } from './test-factories.ts';

describe('MemoryStore', () => {
  it('commits a transaction whole, or not at all when it throws', async () => {
    const store = new MemoryStore();
    await store.atomically(async (tx) => tx.putRows('task', [taskRow()]));
    await expect(
      store.atomically(async (tx) => {
        await tx.clearRows('task');
        await tx.setCursor('task', '5..sig');
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(
      await store.atomically(async (tx) => [await tx.getRows('task'), await tx.getCursor('task')]),
    ).toEqual([[taskRow()], null]);
  });

  it('hands out copies, as IndexedDB does', async () => {
    const store = new MemoryStore();
    const row = taskRow();
    await store.atomically(async (tx) => tx.putRows('task', [row]));
    row.title = 'changé dehors';
    const [stored] = await store.atomically((tx) => tx.getRows('task'));
    stored!.title = 'changé encore';
    expect((await store.atomically((tx) => tx.getRows('task')))[0]!.title).toBe(taskRow().title);
  });

  it('runs transactions one at a time', async () => {
    const store = new MemoryStore();
    const order: string[] = [];
    await Promise.all([
      store.atomically(async () => {
        order.push('a start');
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push('a end');
      }),
      store.atomically(async () => void order.push('b')),
    ]);
    expect(order).toEqual(['a start', 'a end', 'b']);
  });
});
