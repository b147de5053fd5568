import type { TwoFactorStatus } from '@jalon/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const twoFactorStatusKey = ['security', '2fa', 'status'] as const;

/** Works with a session or with the temporary token of a forced enrolment. */
export const fetchTwoFactorStatus = (): Promise<TwoFactorStatus> =>
  apiRequest('/2fa/status', { schema: contractSchema('twoFactorStatusSchema') });

export const twoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: twoFactorStatusKey, queryFn: fetchTwoFactorStatus, staleTime: 0 });

export const useTwoFactorStatus = () => useQuery(twoFactorStatusQueryOptions());
