import type { Task } from '@jalon/contract';

/** The due-date filter of /tasks (`?due=`): late, due this week, or without a deadline. */
export const DUE_FILTERS = ['overdue', 'week', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];

/**
 * Late: a deadline before this instant, on a task not done. The same rule as the dashboard's 'En retard'
 * counter (`status <> 'done' and deadline < now()`): an instant, not a day, so it reads the same in
 * every time zone, and a task due tonight is late only once tonight has passed.
 */
export const isOverdue = (task: Pick<Task, 'deadline' | 'status'>, now: number): boolean =>
  task.deadline !== null && task.status !== 'done' && Date.parse(task.deadline) < now;

/** Monday 00:00 of the person's week that holds `now`, and the Monday after: the bounds of 'Cette semaine'. */
export function localWeek(now: number): { start: number; end: number } {
  const day = new Date(now);
  const start = new Date(day.getFullYear(), day.getMonth(), day.getDate() - ((day.getDay() + 6) % 7));
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + 7);
  return { start: start.getTime(), end: end.getTime() };
}

/** Whether a task passes a due-date filter at `now` ('Cette semaine' includes done tasks due this week). */
export function matchesDue(task: Pick<Task, 'deadline' | 'status'>, due: DueFilter, now: number): boolean {
  if (due === 'none') return task.deadline === null;
  if (due === 'overdue') return isOverdue(task, now);
  if (task.deadline === null) return false;
  const { start, end } = localWeek(now);
  const at = Date.parse(task.deadline);
  return at >= start && at < end;
}
