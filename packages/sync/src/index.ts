// The public entry of @jalon/sync: the pure sync core of SYNC.md, shared by the web app and the server.
export { jsonEqual } from './json-equal.ts';
export { mergePatch, type Fields, type MergeInput, type MergeResult } from './merge.ts';
export { backoffDelay } from './backoff.ts';
