import type { TaskActivityPage } from '@jalon/contract';
import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

const PAGE_SIZE = 30;

/**
 * A task's history, newest first, a page at a time. The task's version and the number of its comments the
 * server has are part of the key: each change and each comment the server accepts adds an entry, so the
 * history is read again when either moves on this device.
 */
export const taskActivityQueryOptions = (taskId: string, version: number, comments: number) =>
  infiniteQueryOptions({
    queryKey: ['tasks', taskId, 'activity', version, comments] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return apiRequest<TaskActivityPage>(
        `/tasks/${encodeURIComponent(taskId)}/activity?${params.toString()}`,
        {
          schema: contractSchema('taskActivityPageSchema'),
          signal,
        },
      );
    },
    getNextPageParam: (page) => page.next,
    // The entries already shown stay while the newer list loads, instead of a blank section.
    placeholderData: keepPreviousData,
  });
