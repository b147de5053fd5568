import type { ResetPasswordRequest } from '@jalon/contract';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resetPassword = (input: ResetPasswordRequest) =>
  apiRequest('/auth/password/reset', {
    method: 'POST',
    body: input,
    schema: contractSchema('resetPasswordResultSchema'),
  });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
