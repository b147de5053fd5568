import type { Task, TaskPriority } from '@jalon/contract';
import { KANBAN_COLUMNS } from './task-views.ts';

/** The table's columns, left to right; each sorts the list. */
export const SORT_COLUMNS = [
  'status',
  'priority',
  'title',
  'project',
  'assignee',
  'deadline',
  'estimate',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export type SortDirection = 'ascending' | 'descending';

export interface TaskSort {
  column: SortColumn;
  direction: SortDirection;
}

/** The address keeps the sort as `sort=deadline` (ascending) or `sort=-deadline` (descending). */
export const SORT_PARAM = 'sort';

const isSortColumn = (value: string): value is SortColumn =>
  (SORT_COLUMNS as readonly string[]).includes(value);

export function readTaskSort(params: URLSearchParams): TaskSort | null {
  const raw = params.get(SORT_PARAM) ?? '';
  const descending = raw.startsWith('-');
  const column = descending ? raw.slice(1) : raw;
  return isSortColumn(column) ? { column, direction: descending ? 'descending' : 'ascending' } : null;
}

export function withTaskSort(params: URLSearchParams, sort: TaskSort): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(SORT_PARAM, `${sort.direction === 'descending' ? '-' : ''}${sort.column}`);
  return next;
}

/** A header clicked once sorts ascending; clicked again, the other way. */
export const nextSort = (current: TaskSort | null, column: SortColumn): TaskSort => ({
  column,
  direction: current?.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
});

/** Names shown for ids, so that project and assignee sort as a person reads them. */
export interface SortNames {
  project: (id: string) => string;
  assignee: (id: string | null) => string | null;
}

const PRIORITY_RANK: Record<TaskPriority, number> = { low: 0, medium: 1, high: 2 };
// Made on the first sort by a text column, not when the task views load: the first Intl object of a page
// loads ICU's data, 40 ms and more on Lighthouse's phone (issue 17).
let collator: Intl.Collator | undefined;
const frenchOrder = (a: string, b: string): number =>
  (collator ??= new Intl.Collator('fr', { sensitivity: 'base', numeric: true })).compare(a, b);

type Key = string | number | null;

const keyOf = (task: Task, column: SortColumn, names: SortNames): Key => {
  switch (column) {
    case 'status':
      return KANBAN_COLUMNS.indexOf(task.status);
    case 'priority':
      return PRIORITY_RANK[task.priority];
    case 'title':
      return task.title;
    case 'project':
      return names.project(task.project);
    case 'assignee':
      return names.assignee(task.assignee ?? null);
    case 'deadline':
      return task.deadline === null ? null : Date.parse(task.deadline);
    case 'estimate':
      return task.estimatedMinutes;
  }
};

const compareKeys = (a: Key, b: Key): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : frenchOrder(String(a), String(b));

/**
 * The tasks in the chosen order, ties kept in their previous order. A task without the value (no
 * deadline, no estimate, nobody assigned) goes last whichever the direction: it is the least useful to see first.
 */
export function sortTasks(tasks: readonly Task[], sort: TaskSort | null, names: SortNames): readonly Task[] {
  if (!sort) return tasks;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyed = tasks.map((task) => ({ task, key: keyOf(task, sort.column, names) }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? 0 : a.key === null ? 1 : -1;
    return sign * compareKeys(a.key, b.key);
  });
  return keyed.map(({ task }) => task);
}
