import type { ResetPasswordRequest } from '@jalon/contract';
import { lazySchema } from '../../../lib/contract-schemas.ts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const resetPassword = (input: ResetPasswordRequest) =>
  apiRequest('/auth/password/reset', { method: 'POST', body: input, schema: lazySchema((contract) => contract.resetPasswordResultSchema) });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
