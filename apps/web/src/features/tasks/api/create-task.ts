import { taskSchema } from '@jalon/contract';
import type { CreateTask, Task } from '@jalon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { tasksQueryKey } from './list-tasks.ts';

export const createTask = (input: CreateTask): Promise<Task> =>
  apiRequest('/tasks', { method: 'POST', body: input, schema: taskSchema });

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task) => {
      // Newest first, like the server's order; no need to read 10,000 tasks again for one more.
      queryClient.setQueryData<Task[]>(tasksQueryKey, (list) => (list ? [task, ...list] : list));
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
      void queryClient.invalidateQueries({ queryKey: ['tasks', 'project', task.project] });
    },
  });
}
