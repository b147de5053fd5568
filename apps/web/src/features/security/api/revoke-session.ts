import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const revokeSession = (id: string) =>
  apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: contractSchema('revokedCountSchema'),
  });

export const useRevokeSession = () => useMutation({ mutationFn: revokeSession });
