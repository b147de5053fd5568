import { projectSchema } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface ProjectOption {
  id: string;
  name: string;
}

const projectListSchema = projectSchema.array();

/** The projects a task can belong to, for the task forms' project select. */
export async function fetchProjectOptions(signal?: AbortSignal): Promise<ProjectOption[]> {
  const projects = await apiRequest('/projects', { schema: projectListSchema, signal });
  return projects.filter((project) => project.deletedAt === null).map(({ id, name }) => ({ id, name }));
}

export const projectOptionsQueryOptions = () =>
  queryOptions({ queryKey: ['projects', 'options'] as const, queryFn: ({ signal }) => fetchProjectOptions(signal) });

export const useProjectOptions = () => useQuery(projectOptionsQueryOptions());
