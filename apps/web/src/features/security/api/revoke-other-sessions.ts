import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/contract-schemas.ts';

export const revokeOtherSessions = () =>
  apiRequest('/auth/sessions/others', { method: 'DELETE', schema: lazySchema((contract) => contract.revokedCountSchema) });

export const useRevokeOtherSessions = () => useMutation({ mutationFn: revokeOtherSessions });
