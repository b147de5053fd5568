import { projectSchema } from '@jalon/contract';
import type { Project } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

const projectListSchema = projectSchema.array();

export const projectsQueryKey = ['projects', 'list'] as const;

export async function fetchProjects(signal?: AbortSignal): Promise<Project[]> {
  const projects = await apiRequest('/projects', { schema: projectListSchema, signal });
  return projects.filter((project) => project.deletedAt === null);
}

export const projectsQueryOptions = () =>
  queryOptions({ queryKey: projectsQueryKey, queryFn: ({ signal }) => fetchProjects(signal) });

export const useProjects = () => useQuery(projectsQueryOptions());
