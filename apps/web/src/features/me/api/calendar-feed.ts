import type { CalendarFeedCreated, CalendarFeedStatus } from '@jalon/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

const calendarFeedKey = ['me', 'calendar-feed'] as const;

export const useCalendarFeed = () =>
  useQuery({
    queryKey: calendarFeedKey,
    queryFn: (): Promise<CalendarFeedStatus> =>
      apiRequest('/me/calendar-feed', { schema: contractSchema('calendarFeedStatusSchema') }),
  });

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CalendarFeedCreated> =>
      apiRequest('/me/calendar-feed', {
        method: 'POST',
        body: {},
        schema: contractSchema('calendarFeedCreatedSchema'),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/me/calendar-feed', {
        method: 'DELETE',
        schema: contractSchema('calendarFeedRevokedSchema'),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: calendarFeedKey }),
  });
}
