import type { SessionList } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/contract-schemas.ts';

export const sessionsKey = ['security', 'sessions'] as const;

export const fetchSessions = (): Promise<SessionList> =>
  apiRequest('/auth/sessions', { schema: lazySchema((contract) => contract.sessionListSchema) });

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsKey, queryFn: fetchSessions, staleTime: 0 });

export const useSessions = () => useQuery(sessionsQueryOptions());
