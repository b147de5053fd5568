import type { Me } from '@jalon/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { updateSession } from '../../../lib/session-store.ts';

export async function fetchMe(): Promise<Me> {
  const me = await apiRequest('/auth/me', { schema: contractSchema('meSchema') });
  // The stored user feeds screens that do not wait for this call (greeting, role checks).
  updateSession({ user: me.user });
  return me;
}

// Fetched once per session: the guard verifies the session with it, later screens read the cache. Tried
// even when the browser says it is offline: a network error opens the app on the stored user (the guard's
// offline shell), where a paused query would leave the spinner up for as long as the network is away.
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: fetchMe,
    staleTime: Infinity,
    retry: false,
    networkMode: 'always',
  });
