import type { Task } from '@jalon/contract';
import { taskFamily, type TaskFamily } from './task-family.ts';

/**
 * Reads computed once per array of tasks, kept as long as that array is: the device's copy gives a new
 * array on each change and the same one until then, so the three views and the filters share one pass over
 * every task of the device (20,000 in the scale suite) instead of each making its own (issue 40).
 */
function perArray<T>(read: (tasks: readonly Task[]) => T): (tasks: readonly Task[]) => T {
  const cache = new WeakMap<readonly Task[], T>();
  return (tasks) => {
    let value = cache.get(tasks);
    if (value === undefined) {
      value = read(tasks);
      cache.set(tasks, value);
    }
    return value;
  };
}

const NO_TASKS: readonly Task[] = [];

const byProject = perArray((tasks) => {
  const index = new Map<string, Task[]>();
  for (const task of tasks) {
    const list = index.get(task.project);
    if (list) list.push(task);
    else index.set(task.project, [task]);
  }
  return index as ReadonlyMap<string, readonly Task[]>;
});

/**
 * The project's tasks, in the order of `tasks`: the same array each time for the same `tasks`, so what is
 * memoised on it (a sort, a board's columns) stays. The project is compared as the project filter does.
 */
export const tasksOfProject = (tasks: readonly Task[], projectId: string): readonly Task[] =>
  byProject(tasks).get(projectId) ?? NO_TASKS;

/** The family (sub-tasks done, parents' titles) of every task of `tasks`, made once for that array. */
export const familyOf: (tasks: readonly Task[]) => TaskFamily = perArray(taskFamily);
