import type { AuditEntry } from '@jalon/contract';
import { DASHBOARD } from '@jalon/contract/plain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

/** 'Activité récente': the first 12 entries of the audit journal the caller may see. */
export async function fetchActivity(signal?: AbortSignal): Promise<AuditEntry[]> {
  const page = await apiRequest(`/auth/audit-logs?limit=${DASHBOARD.activities}`, {
    schema: contractSchema('auditPageSchema'),
    signal,
  });
  return page.items.slice(0, DASHBOARD.activities);
}

export const activityQueryOptions = (online: boolean) =>
  queryOptions({
    queryKey: ['dashboard', 'activity'] as const,
    queryFn: ({ signal }) => fetchActivity(signal),
    enabled: online,
    refetchInterval: DASHBOARD.refreshIntervalMs,
  });
