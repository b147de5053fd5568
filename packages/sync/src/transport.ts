import { problemSchema, syncBatchResponseSchema, SYNC_REFUSALS, type SyncBatchRequest, type SyncBatchResponse, type SyncEntity } from '@jalon/contract';
import type { PullPage } from './pull.ts';
import type { PauseReason } from './store.ts';

/** What the web app's fetch (or a test's simulated network) hands back. */
export interface TransportResponse {
  status: number;
  body: unknown;
}

/** Sends one batch to `POST /api/sync/batch`; throws on a network error. */
export type BatchTransport = (request: SyncBatchRequest) => Promise<TransportResponse>;

export interface PullRequest {
  entity: SyncEntity;
  /** The stored cursor, or null for a full read, which must answer every live row in one page. */
  since: string | null;
  clientId: string;
  /** Stored results up to this `seq` may be released. */
  ackedThrough: number;
}

/** Reads one page of changes; throws on any failure (the next pull starts again from the stored cursor). */
export type PullTransport = (request: PullRequest) => Promise<PullPage>;

export type BatchOutcome =
  | { kind: 'answer'; answer: SyncBatchResponse }
  | { kind: 'outOfOrder'; lastSeq: number }
  | { kind: 'pause'; reason: PauseReason }
  | { kind: 'retry' };

/**
 * What a batch response means for the sender (SYNC.md §6). 5xx, 429 and an answer that does not parse
 * are retried with backoff, resending the same `seq`s; 401 pauses until the same user signs in again;
 * the envelope's other refusals and 4xx cannot be cured by retrying, so they pause too.
 */
export function classifyBatchResponse({ status, body }: TransportResponse): BatchOutcome {
  if (status === 200) {
    const parsed = syncBatchResponseSchema.safeParse(body);
    return parsed.success ? { kind: 'answer', answer: parsed.data } : { kind: 'retry' };
  }
  if (status === 429 || status >= 500) return { kind: 'retry' };
  if (status === 401) return { kind: 'pause', reason: 'unauthorized' };
  const problem = problemSchema.partial().safeParse(body);
  const code = problem.success ? problem.data.code : undefined;
  if (status === 409 && code === 'out_of_order' && problem.data?.lastSeq !== undefined) return { kind: 'outOfOrder', lastSeq: problem.data.lastSeq };
  const refusal = SYNC_REFUSALS.find((known) => known === code && known !== 'out_of_order');
  return { kind: 'pause', reason: refusal ?? 'refused' };
}
