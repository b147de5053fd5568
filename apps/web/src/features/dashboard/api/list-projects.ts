import type { Project } from '@jalon/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/contract-schemas.ts';

const projectListSchema = lazySchema((contract) => contract.projectSchema.array());

export interface ProjectChoice {
  id: string;
  name: string;
}

export async function fetchProjectChoices(signal?: AbortSignal): Promise<ProjectChoice[]> {
  const projects: Project[] = await apiRequest('/projects', { schema: projectListSchema, signal });
  return projects.filter((project) => project.deletedAt === null).map(({ id, name }) => ({ id, name }));
}

/** The header's project filter: refreshed with the rest of the dashboard. */
export const projectFilterQueryOptions = (online: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'project-filter'] as const,
    queryFn: ({ signal }) => fetchProjectChoices(signal),
    enabled: online,
    refetchInterval: false,
  });
