import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/contract-schemas.ts';

export const revokeSession = (id: string) =>
  apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', schema: lazySchema((contract) => contract.revokedCountSchema) });

export const useRevokeSession = () => useMutation({ mutationFn: revokeSession });
