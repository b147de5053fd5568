import { withTaskFilter, type TaskFilterKey } from '../features/tasks/task-filters.ts';

/**
 * The /tasks address showing the tasks that one filter keeps (a label's, a person's): for the shell's
 * search and palette, which must not load the task views to name an address.
 */
export const filteredTasksPath = (key: TaskFilterKey, value: string): string =>
  `/tasks?${withTaskFilter(new URLSearchParams(), key, value).toString()}`;
