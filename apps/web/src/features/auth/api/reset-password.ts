import { resetPasswordResultSchema, type ResetPasswordRequest } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resetPassword = (input: ResetPasswordRequest) =>
  apiRequest('/auth/password/reset', { method: 'POST', body: input, schema: resetPasswordResultSchema });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
