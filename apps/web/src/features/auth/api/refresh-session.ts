import type { SessionRefresh } from '@jalon/contract';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateSession } from '../../../lib/session-store.ts';

export async function refreshSession(): Promise<SessionRefresh> {
  const result = await apiRequest('/auth/sessions/refresh', {
    method: 'POST',
    schema: contractSchema('sessionRefreshSchema'),
  });
  updateSession({ token: result.token, sessionId: result.sessionId, sessionExpiry: result.expiresAt });
  return result;
}
