import { forgotPasswordResultSchema, type ForgotPasswordResult } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const requestPasswordReset = (email: string): Promise<ForgotPasswordResult> =>
  apiRequest('/auth/password/forgot', {
    method: 'POST',
    body: { email },
    schema: forgotPasswordResultSchema,
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
