import type { Task } from '@jalon/contract';
import { stripTmpPrefix } from '@jalon/contract/plain';

/** How far a parent's sub-tasks are: how many are done, of how many. */
export interface SubTaskProgress {
  done: number;
  total: number;
}

/**
 * What a list or a board shows of a task's family, read from every task of the device (not only the
 * filtered ones, so '2/5' counts the sub-tasks a filter hides). Ids are compared without their `tmp-`:
 * a sub-task made offline under a parent made offline names it `tmp-…` until a pull brings both back.
 */
export interface TaskFamily {
  progressOf: (taskId: string) => SubTaskProgress | undefined;
  /** The title of the task's parent; null for a task that is no sub-task (or whose parent is gone). */
  parentTitleOf: (task: Task) => string | null;
}

export function taskFamily(tasks: readonly Task[]): TaskFamily {
  const progress = new Map<string, SubTaskProgress>();
  const titles = new Map<string, string>();
  for (const task of tasks) {
    titles.set(stripTmpPrefix(task.id), task.title);
    if (task.parent === null) continue;
    const key = stripTmpPrefix(task.parent);
    const counted = progress.get(key) ?? { done: 0, total: 0 };
    counted.total += 1;
    if (task.status === 'done') counted.done += 1;
    progress.set(key, counted);
  }
  return {
    progressOf: (taskId) => progress.get(stripTmpPrefix(taskId)),
    parentTitleOf: (task) =>
      task.parent === null ? null : (titles.get(stripTmpPrefix(task.parent)) ?? null),
  };
}

/**
 * A parent's sub-tasks in their order: by `position`, then (a task given none, made by another client) in
 * the order they were made, `createdAt` being when this device typed one it has not sent yet.
 */
export function subTasksOf(tasks: readonly Task[], parentId: string): Task[] {
  const key = stripTmpPrefix(parentId);
  return tasks
    .filter((task) => task.parent !== null && stripTmpPrefix(task.parent) === key)
    .sort(
      (a, b) =>
        (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.id.localeCompare(b.id),
    );
}

/** The position a new sub-task takes: after the last one. */
export const nextPosition = (siblings: readonly Task[]): number =>
  siblings.reduce((last, task) => Math.max(last, (task.position ?? -1) + 1), siblings.length);

/**
 * Moving the sub-task at `index` one place up (`step` -1) or down (+1): the positions to write, each
 * sub-task numbered by its new place, and only those whose number changes (a move of neighbours numbered
 * already is two writes). Empty when the move would leave the list.
 */
export function movedPositions(
  siblings: readonly Task[],
  index: number,
  step: -1 | 1,
): { task: Task; position: number }[] {
  const target = index + step;
  if (index < 0 || index >= siblings.length || target < 0 || target >= siblings.length) return [];
  const order = [...siblings];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order
    .map((task, position) => ({ task, position }))
    .filter(({ task, position }) => task.position !== position);
}
