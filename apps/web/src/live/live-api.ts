import type { Digest } from '@jalon/contract';
import { apiRequest } from '../lib/api-client.ts';
import { getApiBaseUrl } from '../lib/api-base-url.ts';
import { ApiError } from '../lib/api-error.ts';
import { contractSchema } from '../lib/contract-check/answer-check.ts';
import type { SessionCheck } from './live-connection.ts';

/** SPEC §7: the stream, on the API's origin (port 4000 of a bare IP address host). */
export const eventsUrl = (): string => `${getApiBaseUrl()}/events`;

/** An EventSource cannot read a status: a 401 here says whether the stream ended because the session did. */
export async function probeSession(): Promise<SessionCheck> {
  try {
    await apiRequest('/auth/sessions/check', { handleAuthErrors: false });
    return 'valid';
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? 'revoked' : 'unknown';
  }
}

/** "Pendant votre absence…": what the others changed since `since`. */
export const fetchDigest = (since: string): Promise<Digest> =>
  apiRequest(`/events/digest?since=${encodeURIComponent(since)}`, {
    schema: contractSchema('digestSchema'),
  });
