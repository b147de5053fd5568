import type { Dashboard, ProjectStatus } from '@jalon/contract';
import { DASHBOARD } from '@jalon/contract/plain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export interface DashboardFilters {
  /** The focused project: counters, charts and recent tasks are scoped to it. */
  projectId: string | null;
  /** The status chip: filters the project cards. */
  status: ProjectStatus | null;
}

export function fetchDashboard(filters: DashboardFilters, signal?: AbortSignal): Promise<Dashboard> {
  const params = new URLSearchParams();
  if (filters.projectId !== null) params.set('projectId', filters.projectId);
  if (filters.status !== null) params.set('status', filters.status);
  const query = params.toString();
  return apiRequest(`/dashboard${query === '' ? '' : `?${query}`}`, {
    schema: contractSchema('dashboardSchema'),
    signal,
  });
}

export const dashboardQueryOptions = (filters: DashboardFilters, online: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'home', filters.projectId, filters.status] as const,
    queryFn: ({ signal }) => fetchDashboard(filters, signal),
    enabled: online,
    refetchInterval: DASHBOARD.refreshIntervalMs,
    // A new filter keeps the previous numbers on screen until the new ones arrive (no skeleton flash,
    // and 'Focus' can scroll to a section that stays in place).
    placeholderData: keepPreviousData,
  });
