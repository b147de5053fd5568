import { apiRequest } from '../../lib/api-client.ts';
import { clearSession, getSession } from '../../lib/session-store.ts';
import { PATHS } from './paths.ts';

const RESET_PARAMS = ['forceLogin', 'logout'] as const;

/** Whether the address asks for the stored session to be discarded (`?forceLogin` or `?logout`). */
export const discardsSession = (params: URLSearchParams): boolean =>
  RESET_PARAMS.some((name) => params.has(name));

/**
 * `?forceLogin` or `?logout` on any route clears every stored session value and goes to
 * /login. The discarded session is also revoked on the server, best effort: a token the browser
 * forgets should not stay usable elsewhere.
 */
export function sessionResetRedirect(params: URLSearchParams): string | null {
  if (!discardsSession(params)) return null;
  const { token, tempToken } = getSession();
  const credential = token ?? tempToken;
  if (credential !== null) {
    apiRequest('/auth/logout', { method: 'POST', token: credential, handleAuthErrors: false }).catch(
      () => undefined,
    );
  }
  clearSession();
  return PATHS.login;
}
