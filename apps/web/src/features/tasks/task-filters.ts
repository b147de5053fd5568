import type { Task, TaskPriority, TaskStatus } from '@jalon/contract';
import { isOneOf, stripTmpPrefix, TASK_PRIORITIES, TASK_STATUSES } from '@jalon/contract/plain';
import { foldText } from '../../lib/fold-text.ts';
import { DUE_FILTERS, matchesDue, type DueFilter } from './deadline.ts';

/** The assignee filter's value for tasks nobody holds (a member id otherwise). */
export const UNASSIGNED = 'none';

/** The status filter's value for every task not done: the dashboard's 'Tâches actives'. */
export const NOT_DONE = 'active';

/** What /tasks shows, read from and written to its address so a filtered view survives a reload and a link. */
export interface TaskFilters {
  status: TaskStatus | typeof NOT_DONE | null;
  priority: TaskPriority | null;
  project: string | null;
  /** A member's id, or `UNASSIGNED`. */
  assignee: string | null;
  text: string;
  /** 'En retard', 'Cette semaine', 'Sans échéance'. */
  due: DueFilter | null;
  /** A label's id: only the tasks that carry it. */
  label: string | null;
}

export type TaskFilterKey = keyof TaskFilters;

/** The query parameter of each filter; `view`, `sort` and `mine` (the 'Mes tâches' toggle) live beside them. */
export const FILTER_PARAMS: Record<TaskFilterKey, string> = {
  status: 'status',
  priority: 'priority',
  project: 'project',
  assignee: 'assignee',
  text: 'q',
  due: 'due',
  label: 'label',
};

const MINE_PARAM = 'mine';

const nonEmpty = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value;

/** The filters in `params`; a value that is not a status or a priority is ignored rather than showing nothing. */
export function readTaskFilters(params: URLSearchParams): TaskFilters {
  const status = params.get(FILTER_PARAMS.status);
  const priority = params.get(FILTER_PARAMS.priority);
  const due = params.get(FILTER_PARAMS.due);
  return {
    status: isOneOf(TASK_STATUSES, status) || status === NOT_DONE ? status : null,
    priority: isOneOf(TASK_PRIORITIES, priority) ? priority : null,
    project: nonEmpty(params.get(FILTER_PARAMS.project)),
    assignee: nonEmpty(params.get(FILTER_PARAMS.assignee)),
    text: params.get(FILTER_PARAMS.text) ?? '',
    due: isOneOf(DUE_FILTERS, due) ? due : null,
    label: nonEmpty(params.get(FILTER_PARAMS.label)),
  };
}

/** A copy of `params` with one filter set, or removed when `value` is empty; every other parameter stays. */
export function withTaskFilter(
  params: URLSearchParams,
  key: TaskFilterKey,
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(FILTER_PARAMS[key]);
  else next.set(FILTER_PARAMS[key], value);
  return next;
}

/** 'Réinitialiser les filtres': every filter off, 'Mes tâches' included; the view and the sort stay. */
export function withoutTaskFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.values(FILTER_PARAMS)) next.delete(name);
  next.delete(MINE_PARAM);
  return next;
}

/** How many filters (with 'Mes tâches') narrow the view: the phone's 'Filtres' button shows it. */
export const countTaskFilters = (params: URLSearchParams): number =>
  [...Object.values(FILTER_PARAMS), MINE_PARAM].filter((name) => nonEmpty(params.get(name)) !== null).length;

/** Whether the task carries the label; a label made offline is compared without its `tmp-`. */
const carriesLabel = (task: Task, label: string): boolean =>
  task.labels.some((id) => stripTmpPrefix(id) === stripTmpPrefix(label));

/** A project's page filters its tasks by label only, from the same `label=` of its address. */
export const filterByLabel = (tasks: readonly Task[], params: URLSearchParams): readonly Task[] => {
  const label = readTaskFilters(params).label;
  return label === null ? tasks : tasks.filter((task) => carriesLabel(task, label));
};

/**
 * The tasks every set filter lets through; the text is looked for, every word of it, in the title and
 * description; the due-date filter reads the deadlines at `now`. With no filter set, `tasks` itself, so
 * that what is memoised on it stays.
 */
export function filterTasks(tasks: readonly Task[], filters: TaskFilters, now = Date.now()): readonly Task[] {
  const { status, priority, project, assignee, text, due, label } = filters;
  // The query is folded once, not once per task: a project's page of 2,000 tasks ran the folding (a
  // normalisation and two regular expressions) 2,000 times on each filter change, for an empty query too.
  const words = foldText(text).split(' ').filter(Boolean);
  if (!status && !priority && !project && !assignee && !due && !label && words.length === 0) return tasks;
  return tasks.filter(
    (task) =>
      (status === null || (status === NOT_DONE ? task.status !== 'done' : task.status === status)) &&
      (due === null || matchesDue(task, due, now)) &&
      (priority === null || task.priority === priority) &&
      (project === null || task.project === project) &&
      (assignee === null || (assignee === UNASSIGNED ? !task.assignee : task.assignee === assignee)) &&
      (label === null || carriesLabel(task, label)) &&
      (words.length === 0 || containsWords(`${task.title} ${task.description}`, words)),
  );
}

/** Whether every folded word is in the text, ignoring case and accents (as `matchesQuery`). */
const containsWords = (text: string, words: readonly string[]): boolean => {
  const haystack = foldText(text);
  return words.every((word) => haystack.includes(word));
};
