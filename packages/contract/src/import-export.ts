import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import {
  labelColorSchema,
  projectStatusSchema,
  roleSchema,
  taskPrioritySchema,
  taskStatusSchema,
} from './enums.ts';
import { IMPORT_FORMATS } from './constants.ts';

/**
 * The export document (`GET /api/export`), version 1: everything a person may read, live rows only, ids
 * as stored. Published as JSON Schema in the OpenAPI document, and read back by `format=jalon` imports.
 * Members carry their e-mail for an administrator only (it is how an import finds them again), never
 * a secret (no password hash, factor or token).
 */
export const exportMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().optional(),
  role: roleSchema,
  active: z.boolean(),
});

export const exportLabelSchema = z.object({ id: z.string(), name: z.string(), color: labelColorSchema });

export const exportProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  deadline: z.string().nullable(),
  status: projectStatusSchema,
  ownerId: z.string().nullable(),
  createdAt: z.string(),
});

export const exportTaskSchema = z.object({
  id: z.string(),
  project: z.string(),
  parent: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  status: taskStatusSchema,
  priority: taskPrioritySchema,
  progress: z.int(),
  assignee: z.string().nullable(),
  deadline: z.string().nullable(),
  estimatedMinutes: z.int().nullable(),
  labels: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});

export const exportCommentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  author: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});

export const exportDocumentSchema = z
  .object({
    format: z.literal('jalon'),
    version: z.literal(1),
    exportedAt: z.string(),
    members: z.array(exportMemberSchema),
    labels: z.array(exportLabelSchema),
    projects: z.array(exportProjectSchema),
    tasks: z.array(exportTaskSchema),
    comments: z.array(exportCommentSchema),
  })
  .meta({ title: 'Jalon export, version 1' });
export type ExportDocument = z.infer<typeof exportDocumentSchema>;

export const importFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/** The form fields beside the file (`multipart/form-data`): what the file is, and where it goes. */
export const importFieldsSchema = z.strictObject({
  format: importFormatSchema,
  /** An existing project the tasks go into; absent: a new project named after the board or the file. */
  projectId: idSchema.optional(),
});

/** One line (a CSV line, a Trello card or list) left out, and why, in French. */
export const importSkippedSchema = z.object({ line: z.string(), reason: z.string() });

/** `POST /api/admin/import/preview`: what the import would do; nothing is written. */
export const importPreviewSchema = z.object({
  /** The name of the project the tasks go into (the existing one, or the one to be created). */
  project: z.string(),
  tasks: z.int(),
  /** Each source status (a Trello list, a CSV `statut`) and the status it becomes. */
  statuses: z.record(z.string(), taskStatusSchema),
  people: z.object({ matched: z.array(z.string()), unmatched: z.array(z.string()) }),
  /** Labels the import creates (those already there, by name, are reused). */
  newLabels: z.array(z.string()),
  skipped: z.array(importSkippedSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** `POST /api/admin/import`: the project, how many tasks were created, and what was left out. */
export const importResultSchema = z.object({
  projectId: z.string(),
  created: z.int(),
  skipped: z.array(importSkippedSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const exportProjectParamsSchema = z.object({ id: idSchema });
