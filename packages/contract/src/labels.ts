import { z } from 'zod';
import { LABEL_LIMITS } from './constants.ts';
import { labelColorSchema } from './enums.ts';
import { idSchema } from './id-schema.ts';
import { safeText } from './text.ts';
import { listMetaSchema } from './tasks.ts';

/** A label as every member reads it (`deletedAt`: a tombstone, in a delta read only). */
export const labelSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: labelColorSchema,
  version: z.int(),
  deletedAt: z.string().nullable(),
});
export type Label = z.infer<typeof labelSchema>;

const editableLabelFields = {
  name: safeText().trim().min(1).max(LABEL_LIMITS.nameMax),
  color: labelColorSchema,
};

/** A label as a create writes it (a sync `upsert` too). */
export const createLabelSchema = z.strictObject(editableLabelFields);
export type CreateLabel = z.input<typeof createLabelSchema>;

/** `POST /api/labels`: the label, and optionally its client-made id (the sync batch's `tmp-<uuid>`). */
export const createLabelRequestSchema = createLabelSchema.extend({ id: idSchema.optional() });
export type CreateLabelRequest = z.input<typeof createLabelRequestSchema>;

export const updateLabelSchema = z
  .strictObject(editableLabelFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' })
  .meta({ minProperties: 1 });
export type UpdateLabel = z.input<typeof updateLabelSchema>;

export const labelIdParamsSchema = z.object({ id: idSchema });

/**
 * `GET /api/labels`: every live label by name, or a delta page (tombstones too) since a cursor, with the
 * list's meta, as projects are read: the offline copy pulls labels like projects.
 */
export const labelPageSchema = listMetaSchema.extend({ data: labelSchema.array() });

export const labelListQuerySchema = z.strictObject({
  since: safeText().max(200).optional(),
  clientId: idSchema.optional(),
});
