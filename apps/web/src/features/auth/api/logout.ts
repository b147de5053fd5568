import { apiRequest } from '../../../lib/api-client.ts';
import { clearSession, getSession } from '../../../lib/session-store.ts';

/**
 * Forget the session locally, then revoke it (or the pending temporary token) on the server, whatever the
 * answer: a person who asked to sign out is signed out in this browser even if the server is down. Local
 * first, so nothing of this tab (its live stream, its offline engine) reacts to the revocation as if the
 * session had been taken away from it.
 */
export async function logout(): Promise<void> {
  const { token, tempToken } = getSession();
  const credential = token ?? tempToken;
  clearSession();
  try {
    if (credential)
      await apiRequest('/auth/logout', { method: 'POST', token: credential, handleAuthErrors: false });
  } catch {
    // An unreachable server will expire the session on its own.
  }
}
