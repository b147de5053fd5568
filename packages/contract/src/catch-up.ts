import { z } from 'zod';
import { commentSchema } from './comments.ts';
import { SYNC } from './constants.ts';
import { idSchema } from './id-schema.ts';
import { labelSchema } from './labels.ts';
import { projectSchema } from './projects.ts';
import { SYNC_ENTITIES } from './enum-values.ts';
import type { SyncEntity } from './sync.ts';
import { listMetaSchema, taskSchema } from './tasks.ts';
import { safeText } from './text.ts';

/**
 * Each kind of synced data's row as catch-up reads answer it: the one list the single catch-up read's
 * answer is built from (docs/sync-protocol.md, "Catch-up reads"). A new kind adds its row schema here.
 */
export const SYNC_ROW_SCHEMAS = {
  project: projectSchema,
  label: labelSchema,
  task: taskSchema,
  comment: commentSchema,
} as const satisfies Record<SyncEntity, z.ZodType>;

/** `GET /api/sync/changes`: from a cursor, or without one from the start of the change log. */
export const syncChangesQuerySchema = z.strictObject({
  since: safeText().max(200).optional(),
  /** The reading device: the page then says how far the server processed its operations (`lastSeq`). */
  clientId: idSchema.optional(),
  /** At most this many rows of each kind (smaller pages, to page through in tests). */
  limit: z.coerce.number().int().min(1).max(SYNC.catchUpPage).default(SYNC.catchUpPage),
});
export type SyncChangesQuery = z.input<typeof syncChangesQuerySchema>;
export type SyncChangesParams = z.output<typeof syncChangesQuerySchema>;

const rowLists = Object.fromEntries(
  SYNC_ENTITIES.map((entity) => [entity, SYNC_ROW_SCHEMAS[entity].array()]),
) as { [E in SyncEntity]: z.ZodArray<(typeof SYNC_ROW_SCHEMAS)[E]> };

/**
 * `GET /api/sync/changes`: every kind's rows changed past the cursor (tombstones included), each kind's
 * list in `(changeSeq, id)` order, with one cursor and the list meta.
 */
export const syncChangesPageSchema = listMetaSchema.extend({ data: z.object(rowLists) });
export type SyncChangesPage = z.infer<typeof syncChangesPageSchema>;
