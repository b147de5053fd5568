import { taskSchema } from '@jalon/contract';
import type { Task } from '@jalon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';
import { projectTasksQueryKey } from './list-project-tasks.ts';

/** SPEC §5: the quick task of a project detail takes its title as description too. */
export const createProjectTask = (projectId: string, title: string): Promise<Task> =>
  apiRequest('/tasks', { method: 'POST', body: { title, project: projectId, description: title }, schema: taskSchema });

export function useCreateProjectTask(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => createProjectTask(projectId, title),
    onSuccess: (task) => {
      queryClient.setQueryData<Task[]>(projectTasksQueryKey(projectId), (list) => (list ? [task, ...list] : list));
      // Other task lists and the project's counters now differ.
      void queryClient.invalidateQueries({ queryKey: ['tasks', 'list'] });
      void queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['projects', 'list'] });
    },
  });
}
