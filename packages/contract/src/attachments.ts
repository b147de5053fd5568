import { z } from 'zod';
import { idSchema } from './id-schema.ts';

/** A file attached to a task; `contentType` is what the server read in the content, not what was claimed. */
export const attachmentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  name: z.string(),
  size: z.int().nonnegative(),
  contentType: z.string(),
  /** The SHA-256 of the content, in lower-case hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  uploadedBy: z.object({ id: z.string(), username: z.string() }),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({ items: z.array(attachmentSchema) });
export type AttachmentList = z.infer<typeof attachmentListSchema>;

export const attachmentIdParamsSchema = z.object({ id: idSchema });
