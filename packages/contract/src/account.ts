import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import { newPasswordSchema } from './auth.ts';
import { safeText } from './text.ts';

/** POST /api/auth/password/change: the current password proves it is the person, not a borrowed tab. */
export const changePasswordRequestSchema = z.strictObject({
  // Long enough for any password that could have been set (128 code points of up to 4 bytes).
  currentPassword: safeText().min(1).max(512),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const changePasswordResultSchema = z.object({
  changed: z.literal(true),
  /** How many other sessions of the person were ended. */
  revokedSessions: z.int().min(0),
});
export type ChangePasswordResult = z.infer<typeof changePasswordResultSchema>;

/** How many change attempts one person may make in the window; beyond, 429 with Retry-After. */
export const PASSWORD_CHANGE_LIMIT = { perUser: 5, windowMs: 15 * 60_000 } as const;

export const ACTIVITY_PAGE_MAX = 100;

/** GET /api/activity: the team's project and task entries, newest first, by keyset on the id. */
export const activityQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(30),
  before: z.coerce.number().int().positive().optional(),
  /** Only what this person did. */
  actorId: idSchema.optional(),
  /** Only entries about this project or one of its tasks. */
  projectId: idSchema.optional(),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

/** What an entry names, for a link: the project, or the task and the project it belongs to. */
export const activityTargetSchema = z.object({
  kind: z.enum(['project', 'task']),
  id: z.string(),
  /** The project to open; null when the row no longer exists (purged). */
  projectId: z.string().nullable(),
});

/** Deliberately narrower than an audit entry: no IP, user agent or metadata of other members. */
export const activityEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  type: z.string(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  details: z.string(),
  target: activityTargetSchema.nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  nextCursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The people who appear in the activity, for the person filter. */
export const activityPeopleSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export type ActivityPeople = z.infer<typeof activityPeopleSchema>;
