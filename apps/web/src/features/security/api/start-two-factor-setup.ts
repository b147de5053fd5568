import type { TwoFactorSetup } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

/** A new secret, its QR code and 10 backup codes; 409 two_factor_already_enabled when it is on. */
export const startTwoFactorSetup = (): Promise<TwoFactorSetup> =>
  apiRequest('/2fa/setup', { method: 'POST', schema: contractSchema('twoFactorSetupSchema') });

export const useStartTwoFactorSetup = () => useMutation({ mutationFn: startTwoFactorSetup });
