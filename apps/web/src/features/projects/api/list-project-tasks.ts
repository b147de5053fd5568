import { TASK_LIMITS, taskPageSchema } from '@jalon/contract';
import type { Task } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const projectTasksQueryKey = (projectId: string) => ['tasks', 'project', projectId] as const;

/** Every live task of one project, newest first, read page by page. */
export async function fetchProjectTasks(projectId: string, signal?: AbortSignal): Promise<Task[]> {
  const tasks: Task[] = [];
  let after: string | null = null;
  do {
    const params = new URLSearchParams({ projectId, limit: String(TASK_LIMITS.listMax) });
    if (after !== null) params.set('after', after);
    const page = await apiRequest(`/tasks?${params.toString()}`, { schema: taskPageSchema, envelope: true, signal });
    tasks.push(...page.data);
    after = page.nextAfter;
  } while (after !== null);
  return tasks;
}

export const projectTasksQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectTasksQueryKey(projectId), queryFn: ({ signal }) => fetchProjectTasks(projectId, signal) });

export const useProjectTasks = (projectId: string, enabled: boolean) =>
  useQuery({ ...projectTasksQueryOptions(projectId), enabled });
