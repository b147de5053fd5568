import { projectSchema } from '@jalon/contract';
import type { CreateProject, Project } from '@jalon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectsQueryKey } from './list-projects.ts';

export const createProject = (input: CreateProject): Promise<Project> =>
  apiRequest('/projects', { method: 'POST', body: input, schema: projectSchema });

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: (project) => {
      queryClient.setQueryData<Project[]>(projectsQueryKey, (list) => (list ? [project, ...list] : list));
      void queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
