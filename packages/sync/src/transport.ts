import { SYNC_REFUSALS, type Problem, type SyncBatchRequest, type SyncBatchResponse } from '@jalon/contract';
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
  /** The stored cursor, or null for a full read (from the start of the log, a page at a time). */
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
 * How the core checks what the server answers against the contract. It only names the checks: the page
 * runs them off its main thread (a worker, decision 0042); the service worker, the server's simulation and
 * the tests run them in place (`contractChecks`, contract-checks.ts).
 */
export interface AnswerChecks {
  /** A 200's body as the contract's batch answer, or null when it is not one. */
  batchAnswer(body: unknown): Promise<SyncBatchResponse | null>;
  /** A refusal's problem document (each field optional), or null when it is not one. */
  refusal(body: unknown): Promise<Partial<Problem> | null>;
}

/**
 * What a batch response means for the sender (docs/sync-protocol.md, "Errors"). 5xx, 429 and an answer that does not parse
 * are retried with backoff, resending the same `seq`s; 401 pauses until the same user signs in again;
 * the envelope's other refusals and 4xx cannot be cured by retrying, so they pause too.
 */
export async function classifyBatchResponse(
  { status, body }: TransportResponse,
  checks: AnswerChecks,
): Promise<BatchOutcome> {
  if (status === 200) {
    const answer = await checks.batchAnswer(body);
    return answer ? { kind: 'answer', answer } : { kind: 'retry' };
  }
  if (status === 429 || status >= 500) return { kind: 'retry' };
  if (status === 401) return { kind: 'pause', reason: 'unauthorized' };
  const problem = await checks.refusal(body);
  const code = problem?.code;
  if (status === 409 && code === 'out_of_order' && problem?.lastSeq !== undefined)
    return { kind: 'outOfOrder', lastSeq: problem.lastSeq };
  const refusal = SYNC_REFUSALS.find((known) => known === code && known !== 'out_of_order');
  return { kind: 'pause', reason: refusal ?? 'refused' };
}
