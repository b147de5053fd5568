import type { Member } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const membersKey = ['members'] as const;

/** Everyone, deactivated members included: pickers offer the active ones, labels name them all. */
export const fetchMembers = (): Promise<Member[]> =>
  apiRequest('/members?include=deactivated', { schema: contractSchema('memberListSchema') });

// People change rarely: one read serves every picker and label of the screens for a minute.
export const membersQueryOptions = () => queryOptions({ queryKey: membersKey, queryFn: fetchMembers, staleTime: 60_000 });

/** The members directory, shared by every person picker and assignee label. */
export const useMembers = () => useQuery(membersQueryOptions());
