import { NOT_DONE } from '../tasks/index.ts';

/**
 * Where each dashboard counter leads: the list whose filters give exactly the number it shows, for the
 * whole team or the project the dashboard is focused on. The counters' own rules (the dashboard's SQL):
 * 'Projets' every project; 'Tâches actives' every task not done; 'Prioritaires' high priority and not
 * done; 'En retard' a deadline passed, to the instant, on a task not done (the 'En retard' filter's rule).
 */
export function counterLinks(projectId: string | null) {
  const tasks = (filters: Record<string, string>) =>
    `/tasks?${new URLSearchParams({ ...filters, ...(projectId !== null && { project: projectId }) }).toString()}`;
  return {
    projects: projectId === null ? '/projects' : `/projects/${encodeURIComponent(projectId)}`,
    activeTasks: tasks({ status: NOT_DONE }),
    highPriority: tasks({ status: NOT_DONE, priority: 'high' }),
    overdue: tasks({ due: 'overdue' }),
  };
}
