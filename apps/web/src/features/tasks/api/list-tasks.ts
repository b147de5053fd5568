import { TASK_LIMITS, taskPageSchema } from '@jalon/contract';
import type { Task } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const tasksQueryKey = ['tasks', 'list'] as const;

/** Every live task, newest first, read in the largest pages the server gives (`nextAfter`). */
export async function fetchTasks(signal?: AbortSignal): Promise<Task[]> {
  const tasks: Task[] = [];
  let after: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(TASK_LIMITS.listMax) });
    if (after !== null) params.set('after', after);
    const page = await apiRequest(`/tasks?${params.toString()}`, { schema: taskPageSchema, envelope: true, signal });
    tasks.push(...page.data);
    after = page.nextAfter;
  } while (after !== null);
  return tasks;
}

export const tasksQueryOptions = () => queryOptions({ queryKey: tasksQueryKey, queryFn: ({ signal }) => fetchTasks(signal) });

export const useTasks = () => useQuery(tasksQueryOptions());
