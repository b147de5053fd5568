import type { SessionList } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const sessionsKey = ['security', 'sessions'] as const;

export const fetchSessions = (): Promise<SessionList> =>
  apiRequest('/auth/sessions', { schema: contractSchema('sessionListSchema') });

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsKey, queryFn: fetchSessions, staleTime: 0 });

export const useSessions = () => useQuery(sessionsQueryOptions());
