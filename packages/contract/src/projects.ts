import { z } from 'zod';
import { PROJECT_LIMITS } from './constants.ts';
import { idSchema } from './id-schema.ts';
import { isoDateTimeSchema } from './dates.ts';
import { projectStatusSchema } from './enums.ts';
import { clientMadeIdField, listMetaSchema } from './tasks.ts';
import { safeText } from './text.ts';

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  deadline: z.string().nullable(),
  status: projectStatusSchema,
  /** 0-100, computed from the project's tasks (a done task counts 100, others their own progress). */
  progress: z.int(),
  taskCount: z.int(),
  ownerId: z.string().nullable(),
  version: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set on tombstones, which appear only in delta reads (`since`). */
  deletedAt: z.string().nullable(),
  /** What the caller may do, so the UI hides what it cannot. */
  permissions: z.object({ canDelete: z.boolean() }),
});
export type Project = z.infer<typeof projectSchema>;

/** `GET /api/projects`: every live project, or a delta page (tombstones too), with the list's meta. */
export const projectPageSchema = listMetaSchema.extend({ data: projectSchema.array() });

export const createProjectSchema = z.strictObject({
  name: safeText().trim().min(1).max(PROJECT_LIMITS.nameMax),
  description: safeText({ multiline: true }).trim().max(PROJECT_LIMITS.descriptionMax),
  deadline: isoDateTimeSchema,
  status: projectStatusSchema.optional(),
});
export type CreateProject = z.input<typeof createProjectSchema>;

/** `POST /api/projects`: the project, and optionally its client-made id (one project however often it is sent). */
export const createProjectRequestSchema = createProjectSchema.extend(clientMadeIdField);
export type CreateProjectRequest = z.input<typeof createProjectRequestSchema>;

export const updateProjectSchema = z
  .object({
    name: safeText().trim().min(1).max(PROJECT_LIMITS.nameMax),
    description: safeText({ multiline: true }).trim().max(PROJECT_LIMITS.descriptionMax),
    deadline: isoDateTimeSchema.nullable(),
    status: projectStatusSchema,
  })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' })
  .meta({ minProperties: 1 });
export type UpdateProject = z.input<typeof updateProjectSchema>;

export const projectIdParamsSchema = z.object({ id: idSchema });
