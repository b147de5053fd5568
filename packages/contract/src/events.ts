import { z } from 'zod';

/** The live event stream, `GET /api/events` (SYNC.md §5): hints that something changed, never content. */
export const EVENT_STREAM = {
  /** Streams one session may hold open at once (one per browser, a few spare for reloads); 429 beyond. */
  maxStreamsPerSession: 5,
  /** Rows a `Last-Event-ID` replay sends at most; a longer gap is answered with one `resync`. */
  replayLimit: 1_000,
} as const;

export const CHANGE_EVENT_TYPES = [
  'project.created',
  'project.updated',
  'project.deleted',
  'task.created',
  'task.updated',
  'task.deleted',
] as const;
export type ChangeEventType = (typeof CHANGE_EVENT_TYPES)[number];

/** One changed project or task; the SSE `id:` of its message is the change sequence of its transaction. */
export const changeEventSchema = z.object({
  type: z.enum(CHANGE_EVENT_TYPES),
  id: z.uuid(),
  /** The project itself for a project event. */
  projectId: z.uuid(),
  version: z.number().int().nonnegative(),
  /** Who wrote it, when the instance that wrote it said so; null in a replay (the log keeps no author). */
  actor: z.uuid().nullable(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

export const streamEventSchema = z.union([
  changeEventSchema,
  /** Sent at least every REALTIME.pingIntervalMs, so proxies and the client know the stream is alive. */
  z.object({ type: z.literal('ping') }),
  /** Changes may have been missed (gap too long, or older than the tombstone horizon): read again. */
  z.object({ type: z.literal('resync') }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;
