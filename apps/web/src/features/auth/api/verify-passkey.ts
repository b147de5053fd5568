import type { LoginResult } from '@jalon/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { assertUsableLoginResult } from './login.ts';

/**
 * The sign-in step with a passkey instead of a code. @simplewebauthn/browser is imported here, when the
 * person chooses the passkey, so the sign-in route does not carry it (decision 0023).
 */
export async function verifyPasskey(tempToken: string): Promise<LoginResult> {
  const { challengeId, options } = await apiRequest('/auth/passkey-options', {
    method: 'POST',
    body: { tempToken },
    schema: contractSchema('passkeyOptionsSchema'),
  });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON: options as never });
  return assertUsableLoginResult(
    await apiRequest('/auth/verify-passkey', {
      method: 'POST',
      body: { tempToken, challengeId, response },
      schema: contractSchema('loginResultSchema'),
    }),
  );
}

export const useVerifyPasskey = () => useMutation({ mutationFn: verifyPasskey });
