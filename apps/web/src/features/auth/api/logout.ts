import { apiRequest } from '../../../lib/api-client.ts';
import { clearSession, getSession } from '../../../lib/session-store.ts';

/**
 * Revoke the session (or pending temporary token) on the server, then forget it locally whatever the
 * answer: a user who asked to sign out is signed out in this browser even if the server is down.
 */
export async function logout(): Promise<void> {
  const { token, tempToken } = getSession();
  const credential = token ?? tempToken;
  try {
    if (credential)
      await apiRequest('/auth/logout', { method: 'POST', token: credential, handleAuthErrors: false });
  } catch {
    // The stored copy goes anyway; an unreachable server will expire the session on its own.
  } finally {
    clearSession();
  }
}
