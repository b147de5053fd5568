import { describe, expect, it } from 'vitest';
import { filterMyTasks, isMineFilterOn, withMineFilter } from './my-tasks.ts';

const tasks = [
  { id: 't1', assignee: 'me' },
  { id: 't2', assignee: 'other' },
  { id: 't3', assignee: null },
  { id: 't4' },
];

describe("'Mes tâches' filter", () => {
  it('reads and writes ?mine=1 without touching the other parameters', () => {
    const params = new URLSearchParams('view=list&projectId=p1');
    expect(isMineFilterOn(params)).toBe(false);
    const on = withMineFilter(params, true);
    expect(on.toString()).toBe('view=list&projectId=p1&mine=1');
    expect(isMineFilterOn(on)).toBe(true);
    expect(params.toString()).toBe('view=list&projectId=p1');
    expect(withMineFilter(on, false).toString()).toBe('view=list&projectId=p1');
    expect(isMineFilterOn(new URLSearchParams('mine=yes'))).toBe(false);
  });

  it('keeps only the tasks assigned to the user when on, all of them when off', () => {
    expect(filterMyTasks(tasks, 'me', true).map((task) => task.id)).toEqual(['t1']);
    expect(filterMyTasks(tasks, 'me', false)).toBe(tasks);
    expect(filterMyTasks(tasks, null, true)).toEqual([]);
  });
});
