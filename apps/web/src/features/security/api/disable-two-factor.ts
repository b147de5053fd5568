import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

/** Members only: the server answers 403 forbidden to an administrator. */
export const disableTwoFactor = (code: string) =>
  apiRequest('/2fa/disable', {
    method: 'POST',
    body: { code },
    schema: contractSchema('twoFactorDisabledSchema'),
  });

export const useDisableTwoFactor = () => useMutation({ mutationFn: disableTwoFactor });
