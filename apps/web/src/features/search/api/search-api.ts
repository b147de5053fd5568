import type { SearchPage } from '@jalon/contract';
import { SEARCH } from '@jalon/contract/plain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

/** The server's first page for a question: what the shell's list shows. */
export const searchQueryOptions = (question: string) =>
  queryOptions({
    queryKey: ['search', question] as const,
    queryFn: ({ signal }) =>
      apiRequest<SearchPage>(
        `/search?${new URLSearchParams({ q: question, limit: String(SEARCH.pageDefault) }).toString()}`,
        { schema: contractSchema('searchPageSchema'), signal },
      ),
    // A question asked again while typing back and forth is answered from the cache for a moment.
    staleTime: 30_000,
    retry: false,
  });
