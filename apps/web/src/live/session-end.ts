import type { SessionEndReason } from '@jalon/contract';
import { apiRequest, type EndedSession } from '../lib/api-client.ts';
import { contractSchema } from '../lib/contract-check/answer-check.ts';
import { wipeDevice } from './wipe-device.ts';

/** Why the session a token named ended, asked with that token; null when the server cannot say now. */
async function askWhyEnded(token: string): Promise<SessionEndReason | null> {
  try {
    const check = await apiRequest('/auth/sessions/check', {
      token,
      handleAuthErrors: false,
      schema: contractSchema('sessionCheckSchema'),
    });
    return check.ended;
  } catch {
    return null;
  }
}

/**
 * After a session of this page ended (issue 32): a revoked session or a deactivated member leaves
 * nothing of the person on the device, whichever way the page learnt it (the stream's last message,
 * the 5-minute check, or the first 401 of a device that was offline meanwhile, which asks why). An
 * expired or signed-out session keeps the copy and its unsent changes for the same person's next
 * sign-in here (the sync protocol's rule for a 401), as the sign-out's 'Garder' does.
 */
export async function wipeIfRevoked(ended: EndedSession): Promise<void> {
  const reason = ended.reason ?? (await askWhyEnded(ended.token));
  if (reason === 'revoked' || reason === 'deactivated') await wipeDevice(ended.userId);
}
