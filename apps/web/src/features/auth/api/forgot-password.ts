import type { ForgotPasswordResult } from '@jalon/contract';
import { lazySchema } from '../../../lib/contract-schemas.ts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const requestPasswordReset = (email: string): Promise<ForgotPasswordResult> =>
  apiRequest('/auth/password/forgot', {
    method: 'POST',
    body: { email },
    schema: lazySchema((contract) => contract.forgotPasswordResultSchema),
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
