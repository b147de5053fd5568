import { z } from 'zod';
import { COMMENT_LIMITS } from './constants.ts';
import { idSchema } from './id-schema.ts';
import { clientMadeIdField, listMetaSchema } from './tasks.ts';
import { safeText } from './text.ts';

/** A comment's text: Markdown like a task's description, with the same rule on control characters. */
const commentBody = safeText({ multiline: true }).trim().min(1).max(COMMENT_LIMITS.bodyMax);

/** A comment as the API answers it; a deleted one keeps its place in the thread with `body` null. */
export const commentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  /** Markdown; a mention is `<@userId>`. Null once the comment is deleted (its text is gone). */
  body: z.string().nullable(),
  /** The active members the text mentions, each once. */
  mentions: z.array(z.string()),
  /** Null when the author's account no longer exists. */
  author: z.object({ id: z.string(), username: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.int(),
  deletedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;

/** The whole comment as a create writes it (a sync `upsert`'s `data`). */
export const createCommentSchema = z.strictObject({ taskId: idSchema, body: commentBody });
export type CreateComment = z.input<typeof createCommentSchema>;

/** What an edit changes (a sync `patch`'s `data`, and `PATCH /api/comments/{id}`). */
export const updateCommentSchema = z.strictObject({ body: commentBody });
export type UpdateComment = z.input<typeof updateCommentSchema>;

/** `POST /api/tasks/{id}/comments`: the text, and optionally its client-made id. */
export const createCommentRequestSchema = z.strictObject({ body: commentBody, ...clientMadeIdField });
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;

export const commentIdParamsSchema = z.object({ id: idSchema });

/** `GET /api/tasks/{id}/comments`: oldest first; `after` is the `next` of the previous page. */
export const commentThreadQuerySchema = z.strictObject({
  after: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(COMMENT_LIMITS.pageMax).default(COMMENT_LIMITS.pageDefault),
});
export type CommentThreadQuery = z.input<typeof commentThreadQuerySchema>;

export const commentThreadSchema = z.object({
  items: z.array(commentSchema),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** `GET /api/comments`: every comment of the live tasks, or those changed since a cursor. */
export const commentChangesQuerySchema = z.strictObject({
  since: safeText().max(200).optional(),
  clientId: idSchema.optional(),
});

/** `GET /api/comments`: a page of comments (tombstones too) with the list's meta. */
export const commentPageSchema = listMetaSchema.extend({ data: commentSchema.array() });
