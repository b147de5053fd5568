import type { AuditFamily, AuditPage } from '@jalon/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const AUDIT_PAGE_SIZE = 50;

/** What the journal's filter bar sets: a type family (all, auth*, security*, project*, task*) and free text. */
export interface AuditFilters {
  type: AuditFamily | null;
  q: string;
}

/** The filters as query parameters; empty ones are left out. */
export function auditSearchParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type !== null) params.set('type', filters.type);
  const q = filters.q.trim();
  if (q !== '') params.set('q', q);
  return params;
}

export function fetchAuditPage(
  filters: AuditFilters,
  before: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const params = auditSearchParams(filters);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (before !== null) params.set('before', before);
  return apiRequest(`/auth/audit-logs?${params.toString()}`, {
    schema: contractSchema('auditPageSchema'),
    signal,
  });
}

export const auditLogsQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['security', 'audit', filters.type, filters.q.trim()] as const,
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

export const useAuditLogs = (filters: AuditFilters) => useInfiniteQuery(auditLogsQueryOptions(filters));
