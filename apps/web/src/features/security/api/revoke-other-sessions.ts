import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const revokeOtherSessions = () =>
  apiRequest('/auth/sessions/others', { method: 'DELETE', schema: contractSchema('revokedCountSchema') });

export const useRevokeOtherSessions = () => useMutation({ mutationFn: revokeOtherSessions });
