import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { leaveForSite } from '../../../lib/redirects.ts';
import { clearSession, getSession } from '../../../lib/session-store.ts';

/**
 * Forget the session locally, then revoke it (or the pending temporary token) on the server, whatever the
 * answer: a person who asked to sign out is signed out in this browser even if the server is down. Local
 * first, so nothing of this tab (its live stream, its offline engine) reacts to the revocation as if the
 * session had been taken away from it. A session opened through the organisation's provider with
 * OIDC_LOGOUT=provider is answered with the provider's end-session address: the browser goes there
 * too, and the provider sends it back to /login.
 */
export async function logout(): Promise<void> {
  const { token, tempToken } = getSession();
  const credential = token ?? tempToken;
  clearSession();
  try {
    if (!credential) return;
    const answer = await apiRequest('/auth/logout', {
      method: 'POST',
      token: credential,
      handleAuthErrors: false,
      schema: contractSchema('logoutResultSchema'),
    });
    if (answer.redirectTo) leaveForSite(answer.redirectTo);
  } catch {
    // An unreachable server will expire the session on its own.
  }
}
