import { describe, expect, it } from 'vitest';
import { makeTask, taskId } from '../../test/work-fixtures.ts';
import { movedPositions, nextPosition, subTasksOf, taskFamily } from './task-family.ts';

const parent = makeTask({ id: taskId(1), title: 'Monter le stand' });
const step = (n: number, overrides: Parameters<typeof makeTask>[0] = {}) =>
  makeTask({ id: taskId(n), title: `Étape ${n}`, parent: parent.id, ...overrides });

describe('a task’s family', () => {
  it('counts a parent’s sub-tasks done, and names a sub-task’s parent, tmp- ids or not', () => {
    const family = taskFamily([
      parent,
      step(2, { status: 'done' }),
      step(3),
      step(4, { status: 'done', parent: `tmp-${parent.id}` }),
      makeTask({ id: taskId(5) }),
    ]);
    expect(family.progressOf(parent.id)).toEqual({ done: 2, total: 3 });
    expect(family.progressOf(`tmp-${parent.id}`)).toEqual({ done: 2, total: 3 });
    expect(family.progressOf(taskId(5))).toBeUndefined();
    expect(family.parentTitleOf(step(3))).toBe('Monter le stand');
    expect(family.parentTitleOf(parent)).toBeNull();
    expect(family.parentTitleOf(step(6, { parent: taskId(99) }))).toBeNull();
  });

  it('orders sub-tasks by position, then those without one as they were made', () => {
    const tasks = [
      step(2, { position: 1 }),
      step(3, { position: null, createdAt: '2030-01-05T10:00:00.000Z' }),
      step(4, { position: 0 }),
      step(5, { position: null, createdAt: '2030-01-05T08:00:00.000Z' }),
      makeTask({ id: taskId(6) }),
    ];
    expect(subTasksOf(tasks, parent.id).map((task) => task.title)).toEqual([
      'Étape 4',
      'Étape 2',
      'Étape 5',
      'Étape 3',
    ]);
    expect(nextPosition(subTasksOf(tasks, parent.id))).toBe(4);
    expect(nextPosition([])).toBe(0);
  });

  it('moves a sub-task one place by writing only the positions that change', () => {
    const numbered = [step(2, { position: 0 }), step(3, { position: 1 }), step(4, { position: 2 })];
    expect(movedPositions(numbered, 2, -1).map(({ task, position }) => [task.title, position])).toEqual([
      ['Étape 4', 1],
      ['Étape 3', 2],
    ]);
    expect(movedPositions(numbered, 0, -1)).toEqual([]);
    expect(movedPositions(numbered, 2, 1)).toEqual([]);
    // Sub-tasks never numbered are numbered by their place the first time one moves.
    const unnumbered = [step(2), step(3)];
    expect(movedPositions(unnumbered, 0, 1).map(({ task, position }) => [task.title, position])).toEqual([
      ['Étape 3', 0],
      ['Étape 2', 1],
    ]);
  });
});
