import { sessionListSchema } from '@jalon/contract';
import type { SessionList } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const sessionsKey = ['security', 'sessions'] as const;

export const fetchSessions = (): Promise<SessionList> =>
  apiRequest('/auth/sessions', { schema: sessionListSchema });

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsKey, queryFn: fetchSessions, staleTime: 0 });

export const useSessions = () => useQuery(sessionsQueryOptions());
