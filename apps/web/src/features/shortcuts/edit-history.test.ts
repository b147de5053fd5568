import { describe, expect, it } from 'vitest';
import { createEditHistory, type ApplyEdit, type Fields } from './edit-history.ts';

function setup(limit?: number) {
  const writes: Array<[string, string, Fields]> = [];
  let refuse = false;
  const apply: ApplyEdit = async (entity, id, fields) => {
    if (refuse) throw new Error('version_conflict');
    writes.push([entity, id, fields]);
  };
  const history = createEditHistory(() => apply, limit);
  return { history, writes, refuse: (value: boolean) => (refuse = value) };
}

describe('the undo/redo history', () => {
  it('undoes by writing the fields before as a new write, and redoes by writing them after', async () => {
    const { history, writes } = setup();
    history.record({
      entity: 'task',
      id: 't1',
      before: { title: 'A', status: 'todo' },
      after: { title: 'B', status: 'todo' },
    });
    history.record({ entity: 'project', id: 'p1', before: { name: 'X' }, after: { name: 'Y' } });
    expect((await history.undo())?.id).toBe('p1');
    expect((await history.undo())?.id).toBe('t1');
    expect(await history.undo()).toBeNull();
    expect((await history.redo())?.id).toBe('t1');
    // Only the changed field is written back: another person's change to status is not overwritten.
    expect(writes).toEqual([
      ['project', 'p1', { name: 'X' }],
      ['task', 't1', { title: 'A' }],
      ['task', 't1', { title: 'B' }],
    ]);
    expect(history.canRedo()).toBe(true);
  });

  it('ends the redo branch with a new edit, and ignores edits that change nothing', async () => {
    const { history } = setup();
    history.record({ entity: 'task', id: 't1', before: { title: 'A' }, after: { title: 'B' } });
    await history.undo();
    history.record({ entity: 'task', id: 't1', before: { title: 'A' }, after: { title: 'A' } });
    expect(history.canRedo()).toBe(true);
    history.record({ entity: 'task', id: 't2', before: { title: 'C' }, after: { title: 'D' } });
    expect(history.canRedo()).toBe(false);
  });

  it('keeps an edit whose write is refused, so it can be tried again', async () => {
    const { history, writes, refuse } = setup();
    history.record({ entity: 'task', id: 't1', before: { title: 'A' }, after: { title: 'B' } });
    refuse(true);
    await expect(history.undo()).rejects.toThrow('version_conflict');
    expect(history.canUndo()).toBe(true);
    refuse(false);
    expect((await history.undo())?.id).toBe('t1');
    expect(writes).toEqual([['task', 't1', { title: 'A' }]]);
  });

  it('writes in the order asked when Ctrl+Z is pressed twice quickly', async () => {
    const { history, writes } = setup();
    history.record({ entity: 'task', id: 't1', before: { title: 'A' }, after: { title: 'B' } });
    history.record({ entity: 'task', id: 't1', before: { title: 'B' }, after: { title: 'C' } });
    await Promise.all([history.undo(), history.undo()]);
    expect(writes.map(([, , fields]) => fields)).toEqual([{ title: 'B' }, { title: 'A' }]);
  });

  it('keeps the last edits only, and does nothing without a registered writer', async () => {
    const { history } = setup(2);
    for (const title of ['B', 'C', 'D'])
      history.record({ entity: 'task', id: 't1', before: { title: 'A' }, after: { title } });
    expect((await history.undo())?.after).toEqual({ title: 'D' });
    expect((await history.undo())?.after).toEqual({ title: 'C' });
    expect(await history.undo()).toBeNull();
    const orphan = createEditHistory(() => null);
    orphan.record({ entity: 'task', id: 't1', before: { title: 'A' }, after: { title: 'B' } });
    expect(await orphan.undo()).toBeNull();
    expect(orphan.canUndo()).toBe(true);
  });
});
