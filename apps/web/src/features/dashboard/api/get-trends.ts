import type { Trends } from '@jalon/contract';
import { DASHBOARD } from '@jalon/contract/plain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const EMPTY_TRENDS: Trends = {
  days: [],
  created: [],
  completed: [],
  inReview: [],
  overdue: [],
  reopened: [],
};

/** A trends failure is tolerated, as the charts are extras: empty trends and a warning, never an error on screen. */
export async function fetchTrends(
  days: number,
  projectId: string | null,
  signal?: AbortSignal,
): Promise<Trends> {
  const params = new URLSearchParams({ days: String(days) });
  if (projectId !== null) params.set('projectId', projectId);
  try {
    return await apiRequest(`/analytics/trends?${params.toString()}`, {
      schema: contractSchema('trendsSchema'),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('Tendances indisponibles', error);
    return EMPTY_TRENDS;
  }
}

export const trendsQueryOptions = (days: number, projectId: string | null, online: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'trends', days, projectId] as const,
    queryFn: ({ signal }) => fetchTrends(days, projectId, signal),
    enabled: online,
    refetchInterval: DASHBOARD.refreshIntervalMs,
    placeholderData: keepPreviousData,
  });
