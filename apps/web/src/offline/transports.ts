import type { BatchTransport, PullTransport } from '@jalon/sync';
import { apiRequest } from '../lib/api-client.ts';
import { contractSchema } from '../lib/contract-check/answer-check.ts';
import { isApiError } from '../lib/api-error.ts';
import { changesPullTransport } from './changes-pull.ts';

/**
 * The sync core's batch transport over the app's API client (Bearer, X-Session-Id, problem details). The
 * core reads the status and the body itself; only "no answer at all" is thrown, which it retries with
 * backoff. A session found expired before sending counts as the server's 401: sending pauses.
 */
export const sendBatch: BatchTransport = async (request) => {
  try {
    return { status: 200, body: await apiRequest('/sync/batch', { method: 'POST', body: request }) };
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status !== null)
      return { status: error.status, body: error.problem };
    if (isApiError(error) && error.kind === 'session_expired') return { status: 401, body: null };
    throw error;
  }
};

/** The sync core's pull transport over the app's API client. */
export const fetchPullPage: PullTransport = changesPullTransport((path) =>
  apiRequest(path, { schema: contractSchema('syncChangesPageSchema'), envelope: true }),
);
