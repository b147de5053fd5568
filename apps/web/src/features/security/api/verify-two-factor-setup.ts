import type { TwoFactorVerifyResult } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

/**
 * Confirms the enrolment with a code from the app. With the temporary token of a forced enrolment
 * the answer is also a full login result (token, session id, expiry).
 */
export const verifyTwoFactorSetup = (code: string): Promise<TwoFactorVerifyResult> =>
  apiRequest('/2fa/verify', {
    method: 'POST',
    body: { code },
    schema: contractSchema('twoFactorVerifyResultSchema'),
  });

export const useVerifyTwoFactorSetup = () => useMutation({ mutationFn: verifyTwoFactorSetup });
