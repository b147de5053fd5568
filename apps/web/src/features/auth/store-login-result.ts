import type { LoginResult } from '@jalon/contract';
import { updateSession } from '../../lib/session-store.ts';

/**
 * A login result either opens a session or leaves a temporary token for the second factor. Whatever
 * was stored before is replaced, never mixed with the new state.
 */
export function storeLoginResult(result: LoginResult): void {
  if (result.requires2FA) {
    updateSession({
      token: null,
      sessionId: null,
      sessionExpiry: null,
      tempToken: result.tempToken,
      user: result.user,
    });
    return;
  }
  updateSession({
    token: result.token,
    sessionId: result.sessionId,
    sessionExpiry: result.expiresAt,
    tempToken: null,
    user: result.user,
  });
  // Signed in: keep the offline copy safe from eviction (loaded on demand, off the sign-in screen's code).
  void import('../../offline/service-worker/persistent-storage.ts').then((storage) =>
    storage.requestPersistentStorage(),
  );
}
