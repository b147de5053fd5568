import type { ActivityPage, ActivityPeople } from '@jalon/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export interface ActivityFilter {
  actorId: string;
  projectId: string;
}

const PAGE_SIZE = 30;

/** The journal's filter as the address gives it (`?person=…&project=…`). */
export const readActivityFilter = (params: URLSearchParams): ActivityFilter => ({
  actorId: params.get('person') ?? '',
  projectId: params.get('project') ?? '',
});

export const activityQueryOptions = (filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: ['activity', 'list', filter] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      if (filter.actorId) params.set('actorId', filter.actorId);
      if (filter.projectId) params.set('projectId', filter.projectId);
      return apiRequest<ActivityPage>(`/activity?${params.toString()}`, {
        schema: contractSchema('activityPageSchema'),
        signal,
      });
    },
    getNextPageParam: (page) => page.nextCursor,
  });

export const activityPeopleQueryOptions = () =>
  queryOptions({
    queryKey: ['activity', 'people'] as const,
    queryFn: ({ signal }) =>
      apiRequest<ActivityPeople>('/activity/people', {
        schema: contractSchema('activityPeopleSchema'),
        signal,
      }),
  });
