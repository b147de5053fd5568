import type { ChangePasswordRequest, ChangePasswordResult } from '@jalon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/contract-schemas.ts';

export const changePassword = (input: ChangePasswordRequest): Promise<ChangePasswordResult> =>
  apiRequest('/auth/password/change', {
    method: 'POST',
    body: input,
    schema: lazySchema((contract) => contract.changePasswordResultSchema),
  });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other sessions are gone: the security screen's list must not show them.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['security'] }),
  });
}
