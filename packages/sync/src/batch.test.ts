import { describe, expect, it } from 'vitest';
import { takeBatch } from './batch.ts';
import { entry, TASK_2 } from './test-factories.ts';

describe('takeBatch', () => {
  it('numbers unsent entries consecutively after the last assigned seq, in outbox order', () => {
    const outbox = [entry({ data: { title: 'a' } }), entry({ id: TASK_2, data: { title: 'b' } })];
    const batch = takeBatch(outbox, { lastSeq: 4 });
    expect(batch.operations.map((operation) => [operation.seq, operation.id])).toEqual([
      [5, outbox[0]!.id],
      [6, TASK_2],
    ]);
    expect(batch.lastSeq).toBe(6);
    expect(batch.outbox.map((item) => [item.seq, item.state])).toEqual([
      [5, 'sent'],
      [6, 'sent'],
    ]);
  });

  it('maps an entry to its operation: version from baseVersion, base only when there is one', () => {
    const [operation] = takeBatch(
      [entry({ data: { title: 'b' }, base: { title: 'a' } }), entry({ op: 'delete' })],
      { lastSeq: 0 },
    ).operations;
    expect(operation).toEqual({
      seq: 1,
      entity: 'task',
      op: 'patch',
      id: expect.any(String),
      version: 3,
      data: { title: 'b' },
      base: { title: 'a' },
    });
    expect(takeBatch([entry({ op: 'delete' })], { lastSeq: 0 }).operations[0]).not.toHaveProperty('base');
  });

  it('resends unanswered entries first, with their own seqs, then numbers new ones', () => {
    const outbox = [
      entry({ seq: 1, state: 'acked' }),
      entry({ seq: 2, state: 'sent' }),
      entry({ seq: 3, state: 'sent' }),
      entry(),
    ];
    const batch = takeBatch(outbox, { lastSeq: 3 });
    expect(batch.operations.map((operation) => operation.seq)).toEqual([2, 3, 4]);
    expect(batch.outbox.slice(0, 3)).toEqual(outbox.slice(0, 3));
  });

  it('sends at most the limit, 50 by default', () => {
    const outbox = Array.from({ length: 60 }, () => entry());
    expect(takeBatch(outbox, { lastSeq: 0 }).operations).toHaveLength(50);
    const small = takeBatch(outbox, { lastSeq: 0, limit: 2 });
    expect(small.operations.map((operation) => operation.seq)).toEqual([1, 2]);
    expect(small.outbox.filter((item) => item.state === 'pending')).toHaveLength(58);
  });

  it('leaves held entries unnumbered and numbers the next ones', () => {
    const held = entry({ data: { title: 'held' } });
    const batch = takeBatch([held, entry({ id: TASK_2 })], { lastSeq: 0, isHeld: (item) => item === held });
    expect(batch.operations.map((operation) => [operation.seq, operation.id])).toEqual([[1, TASK_2]]);
    expect(batch.outbox[0]).toBe(held);
  });

  it('ends the batch before a delete whose entity has an unanswered write, which will give it its version', () => {
    const outbox = [
      entry({ seq: 1, state: 'sent' }),
      entry({ id: TASK_2 }),
      entry({ op: 'delete', data: {} }),
      entry({ id: TASK_2 }),
    ];
    expect(
      takeBatch(outbox, { lastSeq: 1 }).operations.map((operation) => [operation.seq, operation.op]),
    ).toEqual([
      [1, 'patch'],
      [2, 'patch'],
    ]);
    // A patch with base does not wait: the merge rule judges it by its fields.
    expect(takeBatch([entry({ seq: 1, state: 'sent' }), entry()], { lastSeq: 1 }).operations).toHaveLength(2);
  });

  it('answers no operation when nothing can be sent', () => {
    expect(takeBatch([entry({ seq: 1, state: 'acked' })], { lastSeq: 1 })).toMatchObject({
      operations: [],
      lastSeq: 1,
    });
  });
});
