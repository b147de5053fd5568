import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export interface ProjectChoice {
  id: string;
  name: string;
}

export async function fetchProjectChoices(signal?: AbortSignal): Promise<ProjectChoice[]> {
  const page = await apiRequest('/projects', {
    schema: contractSchema('projectPageSchema'),
    envelope: true,
    signal,
  });
  return page.data.filter((project) => project.deletedAt === null).map(({ id, name }) => ({ id, name }));
}

/** The header's project filter: refreshed with the rest of the dashboard. */
export const projectFilterQueryOptions = (online: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'project-filter'] as const,
    queryFn: ({ signal }) => fetchProjectChoices(signal),
    enabled: online,
    refetchInterval: false,
  });
