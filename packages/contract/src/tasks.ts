import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import { isoDateTimeSchema } from './dates.ts';
import { taskPrioritySchema, taskStatusSchema } from './enums.ts';
import { LABEL_LIMITS, TASK_LIMITS } from './constants.ts';
import { safeText } from './text.ts';

/** Older clients send a few aliases: `doing` is in progress, `review` is in review. */
export const taskStatusInputSchema = z.preprocess(
  (value) => (value === 'doing' ? 'in_progress' : value === 'review' ? 'in_review' : value),
  taskStatusSchema,
);

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  project: z.string(),
  assignee: z.string().nullable(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  progress: z.int(),
  version: z.int(),
  deadline: z.string().nullable(),
  estimatedMinutes: z.int().nullable(),
  /** Its labels' ids, in no particular order. */
  labels: z.array(z.string()),
  /** The task it is a sub-task of (null: none). */
  parent: z.string().nullable(),
  /** A sub-task's place among its parent's sub-tasks, smaller first (null: none given; then by creation). */
  position: z.int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  permissions: z.object({ canDelete: z.boolean() }),
  /** Whether the caller follows the task ('Suivre'): answered by `GET /api/tasks/{id}` only. */
  watching: z.boolean().optional(),
});
export type Task = z.infer<typeof taskSchema>;

const editableTaskFields = {
  title: safeText().trim().min(1).max(TASK_LIMITS.titleMax),
  description: safeText({ multiline: true }).trim().max(TASK_LIMITS.descriptionMax),
  status: taskStatusInputSchema,
  priority: taskPrioritySchema,
  progress: z.int().min(0).max(100),
  deadline: isoDateTimeSchema.nullable(),
  estimatedMinutes: z.int().min(0).max(TASK_LIMITS.estimatedMinutesMax).nullable(),
  assignee: idSchema.nullable(),
  project: idSchema,
  /** A set: the order is not kept and an id given twice counts once. */
  labels: z.array(idSchema).max(LABEL_LIMITS.perTask),
  /** A task of the same project that has no parent itself (one level); null: not a sub-task. */
  parent: idSchema.nullable(),
  position: z.int().min(0).max(TASK_LIMITS.positionMax).nullable(),
};

export const createTaskSchema = z
  .object({
    ...editableTaskFields,
    description: editableTaskFields.description.default(''),
  })
  .partial({
    status: true,
    priority: true,
    progress: true,
    deadline: true,
    estimatedMinutes: true,
    assignee: true,
    description: true,
    labels: true,
    parent: true,
    position: true,
  })
  .strict();
export type CreateTask = z.input<typeof createTaskSchema>;

/**
 * A client-made id for what is created: the same id sent twice is one entity (a double click, a resend
 * after a lost answer), answered the second time as it is. The sync batch carries it as `tmp-<uuid>`.
 * Lower case only, like every id: the database reads another case as the same row, which the create
 * then met as a unique violation (a 500) instead of the row it compares with in memory.
 */
export const clientMadeIdField = { id: idSchema.optional() };

/** `POST /api/tasks`: the task, and optionally its client-made id. */
export const createTaskRequestSchema = createTaskSchema.extend(clientMadeIdField);
export type CreateTaskRequest = z.input<typeof createTaskRequestSchema>;

export const updateTaskSchema = z
  .object(editableTaskFields)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' })
  .meta({ minProperties: 1 });
export type UpdateTask = z.input<typeof updateTaskSchema>;

export const taskIdParamsSchema = z.object({ id: idSchema });

export const taskListQuerySchema = z.strictObject({
  projectId: idSchema.optional(),
  /** The opaque change cursor of a previous answer: only rows changed since, tombstones included. */
  since: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(TASK_LIMITS.listMax).default(TASK_LIMITS.listDefault),
  /** Next page of a plain (non-delta) list: the `nextAfter` of the previous answer. */
  after: safeText().max(200).optional(),
  /** The reading device: a delta read then says how far the server processed its operations (`lastSeq`). */
  clientId: idSchema.optional(),
  /** Only the sub-tasks of this task. */
  parent: idSchema.optional(),
  /** Only the tasks in this status. */
  status: taskStatusSchema.optional(),
  /** Only the tasks assigned to this member. */
  assignee: idSchema.optional(),
  /** Repeatable: only the tasks that carry every one of these labels. */
  label: z
    .union([idSchema, z.array(idSchema).min(1).max(LABEL_LIMITS.perTask)])
    .transform((value) => (typeof value === 'string' ? [value] : value))
    .optional(),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;
export type TaskListParams = z.output<typeof taskListQuerySchema>;

export const projectListQuerySchema = z.strictObject({
  since: safeText().max(200).optional(),
  clientId: idSchema.optional(),
});

/**
 * List answers: `data` is the array; `cursor` is where a later delta read
 * (`since`) starts; `hasMore` says a delta read has more pages; `resetRequired` says the cursor is too
 * old or unknown, so the client must drop its copy and read everything again (docs/sync-protocol.md,
 * "Catch-up reads").
 */
export const listMetaSchema = z.object({
  cursor: z.string(),
  hasMore: z.boolean(),
  nextAfter: z.string().nullable(),
  resetRequired: z.boolean(),
  /**
   * Delta reads naming a `clientId`: the last operation the server processed for that device, read in the
   * same snapshot as the page, so the device can drop what the page already shows.
   */
  lastSeq: z.int().nullable().optional(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** `GET /api/tasks`: a page of tasks (tombstones too in a delta read) with the list's meta. */
export const taskPageSchema = listMetaSchema.extend({ data: taskSchema.array() });

export const conflictSchema = z.object({
  reason: z.literal('version_mismatch'),
  serverVersion: z.int(),
  clientVersion: z.int(),
});
