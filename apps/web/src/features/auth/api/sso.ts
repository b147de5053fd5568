import { queryOptions } from '@tanstack/react-query';
import type { SignInMethods, SsoExchangeResult } from '@jalon/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { assertUsableLoginResult } from './login.ts';

/** What /login offers (the provider's button, the password form), asked before anyone is signed in. */
export const signInMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'methods'] as const,
    queryFn: (): Promise<SignInMethods> =>
      apiRequest('/auth/methods', { schema: contractSchema('signInMethodsSchema') }),
    retry: false,
  });

/**
 * The provider's address; the answer also sets the cookie that ties the provider's answer to this
 * browser. The person comes back to `returnTo` (a path of this site, which the server checks again).
 */
export async function startSso(returnTo: string): Promise<string> {
  const answer = await apiRequest(`/auth/sso/start?${new URLSearchParams({ returnTo })}`, {
    schema: contractSchema('ssoStartResultSchema'),
  });
  return answer.url;
}

/** The one-time code of the address's fragment, against a session (or a pending second factor). */
export async function exchangeSsoCode(code: string): Promise<SsoExchangeResult> {
  const result = await apiRequest('/auth/sso/exchange', {
    method: 'POST',
    body: { loginCode: code },
    schema: contractSchema('ssoExchangeResultSchema'),
  });
  assertUsableLoginResult(result);
  return result;
}
