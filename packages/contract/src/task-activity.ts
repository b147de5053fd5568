import { z } from 'zod';

export const TASK_ACTIVITY_PAGE_MAX = 100;

/** GET /api/tasks/{id}/activity: one task's history, newest first, by keyset on the entry's id. */
export const taskActivityQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(TASK_ACTIVITY_PAGE_MAX).default(50),
  /** The `next` of the previous page: only entries older than it. */
  before: z.coerce.number().int().positive().optional(),
});
export type TaskActivityQuery = z.input<typeof taskActivityQuerySchema>;

export const TASK_ACTIVITY_KINDS = ['created', 'updated', 'commented', 'deleted', 'restored'] as const;
export type TaskActivityKind = (typeof TASK_ACTIVITY_KINDS)[number];

/** The task's fields as the API names them (`assignee`, `project`), never the database's columns. */
export const TASK_ACTIVITY_FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'progress',
  'deadline',
  'estimatedMinutes',
  'assignee',
  'project',
] as const;
export type TaskActivityField = (typeof TASK_ACTIVITY_FIELDS)[number];

const changeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One field's change; a long description is kept shortened (its first 120 characters and '…'). */
export const taskActivityChangeSchema = z.object({
  field: z.enum(TASK_ACTIVITY_FIELDS),
  from: changeValueSchema,
  to: changeValueSchema,
});
export type TaskActivityChange = z.infer<typeof taskActivityChangeSchema>;

export const taskActivityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Null for a change the server made itself; the member's current name otherwise. */
  actor: z.object({ id: z.string(), username: z.string() }).nullable(),
  kind: z.enum(TASK_ACTIVITY_KINDS),
  changes: z.array(taskActivityChangeSchema),
});
export type TaskActivityEntry = z.infer<typeof taskActivityEntrySchema>;

export const taskActivityPageSchema = z.object({
  items: z.array(taskActivityEntrySchema),
  next: z.string().nullable(),
});
export type TaskActivityPage = z.infer<typeof taskActivityPageSchema>;
