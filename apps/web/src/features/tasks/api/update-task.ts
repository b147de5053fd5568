import { taskSchema } from '@jalon/contract';
import type { Task, UpdateTask } from '@jalon/contract';
import { ENTITY_VERSION_HEADER } from '@jalon/contract/plain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tasksQueryKey } from './list-tasks.ts';

/** PATCH with the version the change is based on: a stale write comes back as a 409, never overwrites. */
export const updateTask = (id: string, patch: UpdateTask, version: number): Promise<Task> =>
  apiRequest(`/tasks/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    headers: { [ENTITY_VERSION_HEADER]: String(version) },
    schema: taskSchema,
  });

/** Replace one task in the task list cache. */
export function writeTask(queryClient: QueryClient, id: string, change: (task: Task) => Task): void {
  queryClient.setQueryData<Task[]>(tasksQueryKey, (list) => list?.map((task) => (task.id === id ? change(task) : task)));
}

export interface TaskChange {
  task: Task;
  patch: Pick<UpdateTask, 'title' | 'description' | 'status' | 'deadline' | 'estimatedMinutes'>;
}

/**
 * Status moves and inline edits: shown at once, rolled back if the server refuses. The version sent
 * is the last one the server confirmed (optimistic changes never move it), read when the call leaves:
 * changes run one after the other, so a second quick move is based on the first one's answer.
 */
export function useUpdateTask({ onError }: { onError?: (error: Error, change: TaskChange) => void } = {}) {
  const queryClient = useQueryClient();
  const confirmedVersion = (task: Task) =>
    queryClient.getQueryData<Task[]>(tasksQueryKey)?.find((item) => item.id === task.id)?.version ?? task.version;

  return useMutation({
    mutationKey: ['tasks', 'update'],
    scope: { id: 'tasks-update' },
    mutationFn: ({ task, patch }: TaskChange) => updateTask(task.id, patch, confirmedVersion(task)),
    onMutate: async ({ task, patch }) => {
      await queryClient.cancelQueries({ queryKey: tasksQueryKey });
      const before = queryClient.getQueryData<Task[]>(tasksQueryKey)?.find((item) => item.id === task.id) ?? task;
      writeTask(queryClient, task.id, (current) => ({ ...current, ...patch }) as Task);
      // Only the fields this change touched go back: an earlier change's answer (new version) stays.
      const undo = Object.fromEntries(Object.keys(patch).map((key) => [key, before[key as keyof Task]]));
      return { undo };
    },
    onError: (error, change, context) => {
      if (context) writeTask(queryClient, change.task.id, (current) => ({ ...current, ...context.undo }) as Task);
      // Here rather than in mutate(): a caller's callbacks only hear about its latest call.
      onError?.(error, change);
    },
    onSuccess: (saved) => {
      writeTask(queryClient, saved.id, () => saved);
      void queryClient.invalidateQueries({ queryKey: ['tasks', 'project', saved.project] });
    },
  });
}
