import { revokedCountSchema } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const revokeSession = (id: string) =>
  apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: revokedCountSchema });

export const useRevokeSession = () => useMutation({ mutationFn: revokeSession });
