// The public entry of @jalon/sync: the pure sync core of docs/sync-protocol.md, shared by the web app and the server.
export { jsonEqual } from './json-equal.ts';
export { mergePatch, type Fields, type MergeInput, type MergeResult } from './merge.ts';
export { backoffDelay } from './backoff.ts';
export { addEdit, type EntryState, type NewEntry, type OutboxEntry } from './outbox.ts';
export { takeBatch, type Batch, type BatchOptions } from './batch.ts';
export { heldBy, type ProjectOf } from './holds.ts';
export type { ConflictRecord } from './conflict-record.ts';
export { applyAnswer, applyOutOfOrder, type AnswerState, type AnsweredState } from './answer.ts';
export { computeView } from './view.ts';
export { cursorSeq, planPullPage, type PullPage, type PullPlan } from './pull.ts';
export { resolveConflict, ResolutionError, type Resolution, type ResolutionOutcome } from './resolution.ts';
export type { PauseReason, Row, SyncMeta, SyncStore, SyncTransaction } from './store.ts';
export { MemoryStore } from './memory-store.ts';
export { byKind } from './kinds.ts';
export {
  classifyBatchResponse,
  type AnswerChecks,
  type BatchOutcome,
  type BatchTransport,
  type PullRequest,
  type PullTransport,
  type TransportResponse,
} from './transport.ts';
export { contractChecks } from './contract-checks.ts';
export { entryForEdit, type Edit } from './edit.ts';
export {
  SyncClient,
  type ClientState,
  type FlushResult,
  type RowsWanted,
  type PullResult,
  type SyncClientOptions,
} from './client.ts';
