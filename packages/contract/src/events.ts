import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import { isoDateTimeSchema } from './dates.ts';
import { notificationStreamEventSchema } from './notifications.ts';

/** The live event stream, `GET /api/events` (docs/sync-protocol.md, "Events"): hints that something changed, never content. */
export const EVENT_STREAM = {
  /** Streams one session may hold open at once (one per browser, a few spare for reloads); 429 beyond. */
  maxStreamsPerSession: 5,
  /**
   * Streams one person may hold open at once over all their sessions, by default: several devices with
   * a few tabs each stay far below it; 429 beyond (the server's EVENT_STREAMS_PER_USER).
   */
  maxStreamsPerUser: 20,
  /** Rows a `Last-Event-ID` replay sends at most; a longer gap is answered with one `resync`. */
  replayLimit: 1_000,
} as const;

export const CHANGE_EVENT_TYPES = [
  'project.created',
  'project.updated',
  'project.deleted',
  'label.created',
  'label.updated',
  'label.deleted',
  'task.created',
  'task.updated',
  'task.deleted',
  'comment.created',
  'comment.updated',
  'comment.deleted',
] as const;
export type ChangeEventType = (typeof CHANGE_EVENT_TYPES)[number];

/** One changed row (project, label, task, comment); the SSE `id:` of its message is the change sequence of its transaction. */
export const changeEventSchema = z.object({
  type: z.enum(CHANGE_EVENT_TYPES),
  id: idSchema,
  /**
   * The project itself for a project event; a comment's task's project for a comment event; null for a
   * label event, labels belonging to no project.
   */
  projectId: idSchema.nullable(),
  /** A comment event's task (its thread is the one to read again); absent for projects, labels and tasks. */
  taskId: idSchema.optional(),
  version: z.int().nonnegative(),
  /** Who wrote it, when the instance that wrote it said so; null in a replay (the log keeps no author). */
  actor: idSchema.nullable(),
  /**
   * The device (sync client id) whose batch wrote it: that device's tabs have the change in their copy
   * already, and neither mark the row nor read it again. Null for a REST write and in a replay.
   */
  device: idSchema.nullable(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/**
 * Why a session ended, as its event stream's last message and the session check say it: `revoked`
 * (another device ended it, a password change or reset, a 2FA reset…), `deactivated` (an administrator
 * deactivated the person), `signed_out` (signed out from the device that held it), `expired` (idle or
 * absolute limit reached). The page signs out on each; it wipes the person's copy on this device after
 * `revoked` and `deactivated` only: an expired session keeps it for the same person's next sign-in.
 */
export const SESSION_END_REASONS = ['revoked', 'deactivated', 'signed_out', 'expired'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const streamEventSchema = z.union([
  changeEventSchema,
  /** Sent at least every REALTIME.pingIntervalMs, so proxies and the client know the stream is alive. */
  z.object({ type: z.literal('ping') }),
  /** Changes may have been missed (gap too long, or older than the tombstone horizon): read again. */
  z.object({ type: z.literal('resync') }),
  /** The last message of a stream whose session has ended: the server closes the stream right after. */
  z.object({ type: z.literal('session.ended'), reason: z.enum(SESSION_END_REASONS) }),
  /** A new notification for the stream's person (sent to that person's streams only). */
  notificationStreamEventSchema,
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;

/** "Pendant votre absence…" (issue 12): what the others changed since the person last looked. */
export const DIGEST = {
  /** A `since` further back is read from this far back only: the digest is a reminder, not a history. */
  maxDays: 30,
  /** Audit rows read at most; beyond, the answer says `truncated`. */
  rowLimit: 5_000,
  /** People and projects per person listed at most (the rest is counted). */
  peopleLimit: 10,
  projectsPerPerson: 5,
} as const;

export const digestQuerySchema = z.strictObject({ since: isoDateTimeSchema });
export type DigestQuery = z.infer<typeof digestQuerySchema>;

export const digestPersonSchema = z.object({
  userId: idSchema,
  name: z.string(),
  /** Distinct tasks this person created, changed or deleted. */
  tasks: z.int().nonnegative(),
  /** The projects those changes were in (or that were themselves changed), most recent first. */
  projects: z.array(z.object({ id: idSchema, name: z.string() })),
  /** Projects beyond the ones listed. */
  moreProjects: z.int().nonnegative(),
});

export const digestSchema = z.object({
  /** The window read: `since` (perhaps moved forward to DIGEST.maxDays ago) to `until` (now). */
  since: z.string(),
  until: z.string(),
  people: z.array(digestPersonSchema),
  /** More than DIGEST.rowLimit changes: the counts are a floor. */
  truncated: z.boolean(),
});
export type Digest = z.infer<typeof digestSchema>;
