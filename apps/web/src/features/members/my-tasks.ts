/** The URL parameter of the 'Mes tâches' filter on /tasks: kept in the address, so a link or a reload keeps it. */
export const MINE_PARAM = 'mine';

export const isMineFilterOn = (params: URLSearchParams): boolean => params.get(MINE_PARAM) === '1';

/** A copy of `params` with the filter on or off; every other parameter (view, project…) stays. */
export function withMineFilter(params: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  if (on) next.set(MINE_PARAM, '1');
  else next.delete(MINE_PARAM);
  return next;
}

/** The tasks assigned to `userId` when the filter is on; all of them otherwise. */
export function filterMyTasks<T extends { assignee?: string | null }>(
  tasks: readonly T[],
  userId: string | null,
  on: boolean,
): readonly T[] {
  if (!on) return tasks;
  if (userId === null) return [];
  return tasks.filter((task) => task.assignee === userId);
}
