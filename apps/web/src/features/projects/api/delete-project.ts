import type { Project } from '@jalon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';
import { projectsQueryKey } from './list-projects.ts';

export const deleteProject = (id: string): Promise<unknown> =>
  apiRequest(`/projects/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: Project) => deleteProject(project.id),
    onSuccess: (_result, project) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (list) => list?.filter((item) => item.id !== project.id));
      queryClient.removeQueries({ queryKey: projectQueryKey(project.id) });
      // Its tasks went with it.
      void queryClient.invalidateQueries({ queryKey: ['tasks'] });
    },
  });
}
