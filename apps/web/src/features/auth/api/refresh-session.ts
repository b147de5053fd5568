import type { SessionRefresh } from '@jalon/contract';
import { lazySchema } from '../../../lib/contract-schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { updateSession } from '../../../lib/session-store.ts';

export async function refreshSession(): Promise<SessionRefresh> {
  const result = await apiRequest('/auth/sessions/refresh', { method: 'POST', schema: lazySchema((contract) => contract.sessionRefreshSchema) });
  updateSession({ token: result.token, sessionId: result.sessionId, sessionExpiry: result.expiresAt });
  return result;
}
