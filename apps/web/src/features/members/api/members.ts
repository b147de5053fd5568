import type { Member } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { useWorkEngine } from '../../../offline/work-context.tsx';

export const membersKey = ['members'] as const;

/** Everyone, deactivated members included: pickers offer the active ones, labels name them all. */
export const fetchMembers = (): Promise<Member[]> =>
  apiRequest('/members?include=deactivated', { schema: contractSchema('memberListSchema') });

// People change rarely: one read serves every picker and label of the screens for a minute.
export const membersQueryOptions = () =>
  queryOptions({ queryKey: membersKey, queryFn: fetchMembers, staleTime: 60_000 });

/**
 * The members directory, shared by every person picker and assignee label. Each answer is kept with the
 * device's copy of the tasks; until the server answers (offline, the request waits for the network) the
 * kept one names the assignees and fills the pickers.
 */
export function useMembers() {
  const engine = useWorkEngine();
  const [kept, setKept] = useState<Member[] | undefined>();
  useEffect(() => {
    if (!engine) return;
    let current = true;
    void engine.members.read().then((members) => {
      if (current && members) setKept([...members]);
    });
    return () => {
      current = false;
    };
  }, [engine]);
  const query = useQuery({ ...membersQueryOptions(), placeholderData: kept });
  const answered = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (engine && answered) void engine.members.write(answered);
  }, [engine, answered]);
  return query;
}
