import type { LoginRequest, LoginResult } from '@jalon/contract';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

/**
 * A result must either open a session or hand over a temporary token; anything else is a failed
 * sign-in ('Échec de la connexion'), not a half-signed-in state.
 */
export function assertUsableLoginResult(result: LoginResult): LoginResult {
  const usable = result.requires2FA ? result.tempToken !== null : result.token !== null;
  if (!usable) throw new ApiError('invalid_response', 'Login result without session or temporary token');
  return result;
}

export const login = async (input: LoginRequest): Promise<LoginResult> =>
  assertUsableLoginResult(
    await apiRequest('/auth/login', {
      method: 'POST',
      body: input,
      schema: contractSchema('loginResultSchema'),
    }),
  );

export const useLogin = () => useMutation({ mutationFn: login });
