import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

/**
 * Which second factors the pending sign-in's account has (asked with its tempToken): an account with
 * passkeys and no authenticator app is offered its key, not a code field that can never work (0037).
 */
export const fetchSecondFactors = () =>
  apiRequest('/2fa/status', { schema: contractSchema('twoFactorStatusSchema') });

export const useSecondFactors = () =>
  useQuery({
    queryKey: ['auth', 'second-factors'],
    queryFn: fetchSecondFactors,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
