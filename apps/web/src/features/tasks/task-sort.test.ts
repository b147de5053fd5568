import { describe, expect, it } from 'vitest';
import { makeTask, projectId, taskId } from '../../test/work-fixtures.ts';
import { nextSort, readTaskSort, sortTasks, withTaskSort, type SortNames } from './task-sort.ts';

const names: SortNames = {
  project: (id) => (id === projectId(1) ? 'Site vitrine' : 'Interne'),
  assignee: (id) => (id === 'u-1' ? 'Zoé' : id === 'u-2' ? 'Émile' : null),
};

const tasks = [
  makeTask({
    id: taskId(1),
    title: 'b tâche 10',
    status: 'done',
    priority: 'low',
    deadline: '2030-02-01T00:00:00.000Z',
    estimatedMinutes: 30,
    assignee: 'u-1',
  }),
  makeTask({
    id: taskId(2),
    title: 'A tâche 9',
    status: 'todo',
    priority: 'high',
    deadline: null,
    estimatedMinutes: null,
    project: projectId(2),
  }),
  makeTask({
    id: taskId(3),
    title: 'é tâche 2',
    status: 'in_review',
    priority: 'medium',
    deadline: '2030-01-15T00:00:00.000Z',
    estimatedMinutes: 120,
    assignee: 'u-2',
  }),
];
const order = (column: Parameters<typeof nextSort>[1], direction: 'ascending' | 'descending' = 'ascending') =>
  sortTasks(tasks, { column, direction }, names).map((task) => Number(task.id.slice(-3)));

describe('sortTasks', () => {
  it('keeps the order when no column is chosen', () => {
    expect(sortTasks(tasks, null, names)).toBe(tasks);
  });

  it('sorts statuses in the board order and priorities from low to high', () => {
    expect(order('status')).toEqual([2, 3, 1]);
    expect(order('status', 'descending')).toEqual([1, 3, 2]);
    expect(order('priority')).toEqual([1, 3, 2]);
  });

  it('sorts titles, projects and assignees as French readers do: case and accents aside, numbers by value', () => {
    expect(order('title')).toEqual([2, 1, 3]);
    expect(order('project')).toEqual([2, 1, 3]);
    expect(order('assignee')).toEqual([3, 1, 2]);
  });

  it('puts tasks without a deadline, estimate or assignee last in both directions', () => {
    expect(order('deadline')).toEqual([3, 1, 2]);
    expect(order('deadline', 'descending')).toEqual([1, 3, 2]);
    expect(order('estimate', 'descending')).toEqual([3, 1, 2]);
    expect(order('assignee', 'descending')).toEqual([1, 3, 2]);
  });
});

describe('sort in the address', () => {
  it('reads and writes the column, a leading minus for descending', () => {
    expect(readTaskSort(new URLSearchParams('sort=-deadline'))).toEqual({
      column: 'deadline',
      direction: 'descending',
    });
    expect(readTaskSort(new URLSearchParams('sort=colour'))).toBeNull();
    const params = withTaskSort(new URLSearchParams('view=list'), {
      column: 'title',
      direction: 'descending',
    });
    expect(params.toString()).toBe('view=list&sort=-title');
  });

  it('sorts ascending on the first click of a header, then flips', () => {
    const first = nextSort(null, 'title');
    expect(first).toEqual({ column: 'title', direction: 'ascending' });
    expect(nextSort(first, 'title')).toEqual({ column: 'title', direction: 'descending' });
    expect(nextSort(nextSort(first, 'title'), 'title')).toEqual({ column: 'title', direction: 'ascending' });
    expect(nextSort(first, 'deadline')).toEqual({ column: 'deadline', direction: 'ascending' });
  });
});
