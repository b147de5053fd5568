import type { LoginResult } from '@jalon/contract';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { assertUsableLoginResult } from './login.ts';

export interface VerifyTwoFactorInput {
  /** A 6-digit TOTP code or a backup code. */
  code: string;
  tempToken: string;
}

export const verifyTwoFactor = async (input: VerifyTwoFactorInput): Promise<LoginResult> =>
  assertUsableLoginResult(
    await apiRequest('/auth/verify-2fa', {
      method: 'POST',
      body: input,
      schema: contractSchema('loginResultSchema'),
    }),
  );

export const useVerifyTwoFactor = () => useMutation({ mutationFn: verifyTwoFactor });
