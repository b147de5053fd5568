import type { ChangePasswordRequest, ChangePasswordResult } from '@jalon/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const changePassword = (input: ChangePasswordRequest): Promise<ChangePasswordResult> =>
  apiRequest('/auth/password/change', {
    method: 'POST',
    body: input,
    schema: contractSchema('changePasswordResultSchema'),
  });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The other sessions are gone: the security screen's list must not show them.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['security'] }),
  });
}
