import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { lazySchema } from '../../../lib/contract-schemas.ts';

/** Members only: the server answers 403 forbidden to an administrator. */
export const disableTwoFactor = (code: string) =>
  apiRequest('/2fa/disable', { method: 'POST', body: { code }, schema: lazySchema((contract) => contract.twoFactorDisabledSchema) });

export const useDisableTwoFactor = () => useMutation({ mutationFn: disableTwoFactor });
