import { revokedCountSchema } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const revokeOtherSessions = () =>
  apiRequest('/auth/sessions/others', { method: 'DELETE', schema: revokedCountSchema });

export const useRevokeOtherSessions = () => useMutation({ mutationFn: revokeOtherSessions });
