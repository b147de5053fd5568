import { projectSchema } from '@jalon/contract';
import type { Project, ProjectStatus, UpdateProject } from '@jalon/contract';
import { ENTITY_VERSION_HEADER } from '@jalon/contract/plain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { projectQueryKey } from './get-project.ts';
import { projectsQueryKey } from './list-projects.ts';

/** PUT with the version the change is based on: a stale write comes back as a 409, never overwrites. */
export const updateProject = (id: string, patch: UpdateProject, version: number): Promise<Project> =>
  apiRequest(`/projects/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: patch,
    headers: { [ENTITY_VERSION_HEADER]: String(version) },
    schema: projectSchema,
  });

/** Put one project's new state everywhere it is cached (the list and its detail). */
export function writeProject(queryClient: QueryClient, id: string, change: (project: Project) => Project): void {
  queryClient.setQueryData<Project[]>(projectsQueryKey, (list) =>
    list?.map((project) => (project.id === id ? change(project) : project)),
  );
  queryClient.setQueryData<Project>(projectQueryKey(id), (project) => (project ? change(project) : project));
}

/** The version last confirmed by the server; optimistic changes never move it. */
function confirmedVersion(queryClient: QueryClient, project: Project): number {
  const cached =
    queryClient.getQueryData<Project[]>(projectsQueryKey)?.find((item) => item.id === project.id) ??
    queryClient.getQueryData<Project>(projectQueryKey(project.id));
  return cached?.version ?? project.version;
}

interface StatusChange {
  project: Project;
  status: ProjectStatus;
}

/** The card's status dropdown: shown at once, rolled back if the server refuses. */
export function useUpdateProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['projects', 'update'],
    mutationFn: ({ project, status }: StatusChange) =>
      updateProject(project.id, { status }, confirmedVersion(queryClient, project)),
    // Two quick changes of one project go one after the other, the second based on the first's answer.
    scope: { id: 'projects-update' },
    onMutate: async ({ project, status }) => {
      await queryClient.cancelQueries({ queryKey: ['projects'] });
      const list = queryClient.getQueryData<Project[]>(projectsQueryKey);
      const detail = queryClient.getQueryData<Project>(projectQueryKey(project.id));
      writeProject(queryClient, project.id, (current) => ({ ...current, status }));
      return { list, detail };
    },
    onError: (_error, { project }, context) => {
      queryClient.setQueryData(projectsQueryKey, context?.list);
      queryClient.setQueryData(projectQueryKey(project.id), context?.detail);
    },
    onSuccess: (saved) => writeProject(queryClient, saved.id, () => saved),
  });
}
