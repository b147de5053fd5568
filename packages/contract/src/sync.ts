import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import { SYNC, type SYNC_REFUSALS } from './constants.ts';
import { SYNC_ENTITIES } from './enum-values.ts';
import { problemSchema } from './errors.ts';

/**
 * The offline sync batch (docs/sync-protocol.md): each device numbers its operations (`seq`), the server applies
 * them in order, answers every one (applied or conflict) and remembers the last number per device.
 */

export type SyncEntity = (typeof SYNC_ENTITIES)[number];
export const SYNC_OPS = ['upsert', 'patch', 'delete'] as const;
export type SyncOp = (typeof SYNC_OPS)[number];

export const CONFLICT_REASONS = [
  'version_mismatch',
  'depends_on_conflict',
  'not_found',
  'forbidden',
  'deleted',
  'invalid',
  'already_applied',
] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

/**
 * A lower-case UUID, or `tmp-<uuid>` for a create (`CANONICAL_ENTITY_ID`). The envelope takes any short
 * string so that an operation with another spelling is answered `invalid` on its own: refusing the whole
 * batch would refuse it again at every resend, and the device behind it would never get past it.
 */
const entityIdSchema = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: 'A lower-case UUID, or tmp-<uuid>; any other spelling makes the operation invalid' });

/** `data` and `base` are checked per entity and op by the server after ids are resolved, so here they stay open. */
const fieldsSchema = z.record(z.string().max(64), z.unknown());

export const syncOperationSchema = z.strictObject({
  seq: z.int().min(1),
  entity: z.enum(SYNC_ENTITIES),
  op: z.enum(SYNC_OPS),
  id: entityIdSchema,
  /** The version the edit started from (0 for a create). */
  version: z.int().min(0),
  data: fieldsSchema.default({}),
  /** For `patch`: the values the person saw for exactly the fields in `data` (the merge rule's base). */
  base: fieldsSchema.optional(),
});
export type SyncOperation = z.input<typeof syncOperationSchema>;

export const syncBatchRequestSchema = z.strictObject({
  schemaVersion: z.int(),
  clientId: idSchema,
  userId: idSchema,
  /** Stored results up to this `seq` may be released: the client has them. */
  ackedThrough: z.int().min(0).optional(),
  /** Numbered consecutively: a gap is refused whole with 409 `out_of_order` and the server's `lastSeq`,
   * which tells the device where to resume (a schema error would not). */
  operations: z.array(syncOperationSchema).max(SYNC.batchSize),
});
export type SyncBatchRequest = z.input<typeof syncBatchRequestSchema>;

export const syncAppliedSchema = z.object({
  seq: z.int(),
  entity: z.enum(SYNC_ENTITIES),
  id: z.string(),
  /** The `tmp-` id the client used, when the operation created the row. */
  tmpId: z.string().optional(),
  version: z.int(),
});
export type SyncApplied = z.infer<typeof syncAppliedSchema>;

export const syncConflictSchema = z.object({
  seq: z.int(),
  entity: z.enum(SYNC_ENTITIES),
  id: z.string(),
  reason: z.enum(CONFLICT_REASONS),
  /** Fields both sides changed to different values (`version_mismatch` with `base`). */
  fields: z.array(z.string()).optional(),
  /** `depends_on_conflict`: the `seq` of the earlier operation that conflicted. */
  cause: z.int().optional(),
  /** `invalid`: what was wrong (e.g. `id_taken`, or the first validation message). */
  detail: z.string().optional(),
  /** The server's row as the client would read it (null when there is none). */
  server: z.unknown().nullable(),
  /** What the client sent (`data`). */
  client: z.unknown(),
  serverVersion: z.int().nullable(),
  clientVersion: z.int(),
});
export type SyncConflict = z.infer<typeof syncConflictSchema>;

export const syncBatchResponseSchema = z.object({
  applied: z.array(syncAppliedSchema),
  conflicts: z.array(syncConflictSchema),
  /** The last `seq` the server has processed for this client. */
  lastSeq: z.int(),
  /** The change sequence of this batch's transaction (what a pull will reach). */
  changeSeq: z.int(),
});
export type SyncBatchResponse = z.infer<typeof syncBatchResponseSchema>;

export type SyncRefusal = (typeof SYNC_REFUSALS)[number];

/** A refused batch's problem document as the sync core reads it (its code, and `lastSeq` for out_of_order). */
export const syncRefusalSchema = problemSchema.partial();
