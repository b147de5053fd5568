import type { ForgotPasswordResult } from '@jalon/contract';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const requestPasswordReset = (email: string): Promise<ForgotPasswordResult> =>
  apiRequest('/auth/password/forgot', {
    method: 'POST',
    body: { email },
    schema: contractSchema('forgotPasswordResultSchema'),
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
