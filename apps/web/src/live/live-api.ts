import type { Digest } from '@jalon/contract';
import { apiRequest } from '../lib/api-client.ts';
import { getApiBaseUrl } from '../lib/api-base-url.ts';
import { ApiError } from '../lib/api-error.ts';
import { contractSchema } from '../lib/contract-check/answer-check.ts';
import type { SessionCheck } from './live-connection.ts';

/** The stream, on the API's origin (port 4000 of a bare IP address host). */
export const eventsUrl = (): string => `${getApiBaseUrl()}/events`;

/**
 * An EventSource cannot read a status: after a stream error this says whether the session still holds,
 * and why it ended when it did. A valid check also sets the stream's cookie again, so the next attempt
 * opens (a browser restarted, or a cookie of another sign-in in this browser).
 */
export async function probeSession(): Promise<SessionCheck> {
  try {
    const check = await apiRequest('/auth/sessions/check', {
      handleAuthErrors: false,
      schema: contractSchema('sessionCheckSchema'),
    });
    return check.valid ? { kind: 'valid' } : { kind: 'ended', reason: check.ended };
  } catch (error) {
    return error instanceof ApiError && error.status === 401
      ? { kind: 'ended', reason: null }
      : { kind: 'unknown' };
  }
}

/** "Pendant votre absence…": what the others changed since `since`. */
export const fetchDigest = (since: string): Promise<Digest> =>
  apiRequest(`/events/digest?since=${encodeURIComponent(since)}`, {
    schema: contractSchema('digestSchema'),
  });
