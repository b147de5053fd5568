import { projectSchema } from '@jalon/contract';
import type { Project } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const projectQueryKey = (id: string) => ['projects', 'detail', id] as const;

export const fetchProject = (id: string, signal?: AbortSignal): Promise<Project> =>
  apiRequest(`/projects/${encodeURIComponent(id)}`, { schema: projectSchema, signal });

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectQueryKey(id), queryFn: ({ signal }) => fetchProject(id, signal) });

export const useProject = (id: string) => useQuery(projectQueryOptions(id));
