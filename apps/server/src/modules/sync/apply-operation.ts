import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { stripTmpPrefix, type ConflictReason, type SyncEntity } from '@jalon/contract';
import { mergePatch } from '@jalon/sync';
import type { Tx } from '../../db/client.ts';
import type { Viewer } from '../projects/policy.ts';
import { firstIssue, type BatchPlan, type OperationResult, type PlannedOperation } from './batch-plan.ts';
import type { Column } from './table-columns.ts';

/**
 * What one entity kind (task, project) brings to the write rules: its defaults, derived values, history
 * and audit wording. `applyOperation` holds the rules every kind shares (versions, the merge, creates
 * sent twice), once for all; sync batches and REST writes both go through it.
 */
export interface EntityRules<Row extends { id: string; version: number; deletedAt: Date | null }> {
  entity: SyncEntity;
  /** Its table, as the loader reads and locks its rows, and as the writer stores them (every column). */
  table: PgTable & { id: PgColumn; changeSeq: PgColumn };
  tableName: string;
  columns: Array<Column<Row>>;
  /**
   * How the event stream and its replay tell a changed row (`events/change-reader.ts`), as SQL over this
   * table's own columns: the project the row belongs to (the stream's scope; `null::uuid` for a kind
   * that belongs to none, labels), the task it belongs to if
   * it is part of one (a comment: whose thread to read again), and whether the row is still as its
   * creation left it (a `*.created` event rather than `*.updated`).
   */
  changeFeed: { projectId: SQL; taskId?: SQL; created: SQL };
  /**
   * How catch-up reads (`catch-up-read.ts`) answer this kind: which rows a reader may see, as SQL over
   * its table (none: every row; a comment only while its task is live), and a page of rows as REST
   * presents them to this reader (reading what the presenter needs besides the rows: a task's project
   * owner, a comment's author).
   */
  catchUp: { visible?: SQL; present(tx: Tx, viewer: Viewer, rows: Row[]): Promise<unknown[]> };
  /** The entity's name in a REST 404 (`Task not found`). */
  restName: string;
  /**
   * What a REST 403 says when `canDelete` or `mayChange` refuses (`change`: when `mayChange` can refuse);
   * `taken`: the `invalid` details REST answers 409 with that code (a label's `name_taken`), and why.
   */
  refusals: { delete: string; change?: string; restore?: string; taken?: Record<string, string> };
  rows(plan: BatchPlan): Map<string, Row>;
  /**
   * Fields that hold another entity's id, and which entity: a device may give it as `tmp-<uuid>` (its id
   * before the server knew it), and the loader locks the rows they name.
   */
  referenceFields: Partial<Record<string, SyncEntity>>;
  /** Fields that hold a person's id: the loader checks they exist. */
  userFields: string[];
  /**
   * Other people the rules need to know of (name, still active), from the data sent or the stored row (a
   * comment's author and the members its text mentions): the loader reads them into `plan.people`.
   */
  people?(data: Record<string, unknown>, row: Row | undefined): string[];
  /**
   * A stored row the viewer cannot see however it was written (a comment of a deleted task): every write
   * to it is answered as to a row that is not there.
   */
  hidden?(plan: BatchPlan, row: Row): boolean;
  /** The rows a stored row points at (a task's project): locked with it, since its writes change them. */
  pointsAt(row: Row): Array<{ entity: SyncEntity; id: string }>;
  /** Ids of other entities this data points at (a task's project), already without `tmp-`. */
  references(plan: BatchPlan, row: Row | undefined, data: Record<string, unknown>): string[];
  /**
   * Rows its rules compare with besides those the operations name (labels of the same name), read once
   * the named rows are locked.
   */
  loadAlso?(tx: Tx, plan: BatchPlan, operations: PlannedOperation[]): Promise<void>;
  /** What else the writer stores once the rows are written (counts, history, a cascade); none by default. */
  afterWrite?(tx: Tx, plan: BatchPlan): Promise<void>;
  /** The whole row, as a create or an `upsert` writes it. */
  rowSchema: z.ZodType<Record<string, unknown>>;
  /** Some fields, as a `patch` changes them (and as its `base` holds them). */
  patchSchema: z.ZodType<Record<string, unknown>>;
  /** Parsed values as the merge compares them (dates as instants). */
  normalise(values: Record<string, unknown>): Record<string, unknown>;
  /** The row's values of these fields, in the same form. */
  fieldsOf(row: Row, fields: string[]): Record<string, unknown>;
  /** The row as the REST route presents it (a conflict's `server`). */
  present(plan: BatchPlan, row: Row): unknown;
  /** Who created the row: a create naming an id this person already created is that row again. */
  createdBy(row: Row): string | null;
  /** Creates the row; a string is why it is invalid (an unknown project, say). */
  create(plan: BatchPlan, id: string, values: Record<string, unknown>): Row | string;
  /** Applies changed fields to a live row (new version); a string is why it is invalid. */
  change(plan: BatchPlan, row: Row, changes: Record<string, unknown>): Row | string;
  canDelete(plan: BatchPlan, row: Row): boolean;
  /** Whether the viewer may make these changes to a live row (a task moved to another project). */
  mayChange(plan: BatchPlan, row: Row, changes: Record<string, unknown>): boolean;
  remove(plan: BatchPlan, row: Row): Row;
  /**
   * Brings a tombstone back, with what was deleted with it (a task's sub-tasks), by whoever may delete
   * it; a string is why it cannot come back (its project was deleted). A kind without it is not restorable.
   */
  restore?(plan: BatchPlan, row: Row): Row | string;
}

/** `tmp-` taken off the reference fields (an id, or a list of ids such as a task's labels), before validation. */
export function resolveReferences(
  fields: Record<string, unknown>,
  referenceFields: Partial<Record<string, SyncEntity>>,
): Record<string, unknown> {
  const resolved = { ...fields };
  const strip = (value: unknown) => (typeof value === 'string' ? stripTmpPrefix(value) : value);
  for (const field of Object.keys(referenceFields)) {
    if (!(field in resolved)) continue;
    const value = resolved[field];
    resolved[field] = Array.isArray(value) ? value.map(strip) : strip(value);
  }
  return resolved;
}

/** The ids a reference field holds: one id, or each of a list's. */
export const referencedIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string');

/** Applies one operation to the plan, or explains why not. Never throws for what the client sent. */
export function applyOperation<Row extends { id: string; version: number; deletedAt: Date | null }>(
  plan: BatchPlan,
  rules: EntityRules<Row>,
  operation: PlannedOperation,
): OperationResult {
  const rows = rules.rows(plan);
  const existing = rows.get(operation.id);
  const version = operation.version ?? existing?.version ?? 0;
  const conflict = (
    reason: ConflictReason,
    extra: { fields?: string[]; cause?: number; detail?: string } = {},
  ): OperationResult => {
    plan.conflicted.set(operation.id, extra.cause ?? plan.conflicted.get(operation.id) ?? operation.seq);
    const current = rows.get(operation.id);
    return {
      conflict: {
        seq: operation.seq,
        entity: rules.entity,
        id: operation.id,
        reason,
        ...extra,
        server: current ? rules.present(plan, current) : null,
        client: operation.data,
        serverVersion: current?.version ?? null,
        clientVersion: version,
      },
    };
  };
  const applied = (row: Row): OperationResult => {
    rows.set(row.id, row);
    return {
      applied: {
        seq: operation.seq,
        entity: rules.entity,
        id: row.id,
        ...(operation.clientId !== operation.id ? { tmpId: operation.clientId } : {}),
        version: row.version,
      },
    };
  };

  if (operation.refusal) return conflict('invalid', { detail: operation.refusal });

  // An earlier operation of this client on this entity, or on one it points at, conflicted: this one
  // was made on top of an edit the server refused, so it waits for the person too.
  for (const id of [operation.id, ...rules.references(plan, existing, operation.data)]) {
    const cause = plan.conflicted.get(id);
    if (cause !== undefined) return conflict('depends_on_conflict', { cause });
  }

  const isCreate = operation.op === 'upsert' && operation.clientId !== operation.id;
  if (isCreate) {
    if (existing) {
      // The same client-made id sent again (a double click, a resend) is the row it made: one row, and
      // the answer a person's device reads as done. Someone else's row, or a deleted one, is still refused.
      const again = !existing.deletedAt && rules.createdBy(existing) === plan.viewer.userId;
      return again ? applied(existing) : conflict('invalid', { detail: 'id_taken' });
    }
    const parsed = rules.rowSchema.safeParse(operation.data);
    if (!parsed.success) return conflict('invalid', { detail: firstIssue(parsed.error) });
    const created = rules.create(plan, operation.id, parsed.data);
    return typeof created === 'string' ? conflict('invalid', { detail: created }) : applied(created);
  }

  if (!existing || rules.hidden?.(plan, existing)) return conflict('not_found');
  if (operation.op === 'delete') {
    if (existing.deletedAt) return applied(existing);
    if (!rules.canDelete(plan, existing)) return conflict('forbidden');
    if (version !== existing.version) return conflict('version_mismatch');
    return applied(rules.remove(plan, existing));
  }
  if (operation.op === 'restore') {
    if (!rules.restore) return conflict('invalid', { detail: 'Not restorable' });
    // A live row is restored already (a resend of the same restore).
    if (!existing.deletedAt) return applied(existing);
    if (!rules.canDelete(plan, existing)) return conflict('forbidden');
    const restored = rules.restore(plan, existing);
    return typeof restored === 'string' ? conflict('invalid', { detail: restored }) : applied(restored);
  }
  if (existing.deletedAt) return conflict('deleted');

  const schema = operation.op === 'upsert' ? rules.rowSchema : rules.patchSchema;
  const parsed = schema.safeParse(operation.data);
  if (!parsed.success) return conflict('invalid', { detail: firstIssue(parsed.error) });
  const data = rules.normalise(parsed.data);
  const fields = Object.keys(data);
  const server = rules.fieldsOf(existing, fields);

  let changes: Record<string, unknown>;
  // At the version the edit started from nobody else has changed the row, so nothing can clash, even in
  // a field the device never saw (a default of a row it created and has not pulled since).
  if (operation.op === 'patch' && operation.base !== undefined && version !== existing.version) {
    const base = rules.patchSchema.safeParse(operation.base);
    if (!base.success) return conflict('invalid', { detail: `base.${firstIssue(base.error)}` });
    const merged = mergePatch({ server, data, base: rules.normalise(base.data) });
    if (merged.conflicts.length > 0) return conflict('version_mismatch', { fields: merged.conflicts });
    changes = merged.changes;
  } else {
    // A whole-row upsert, or a patch without `base`, is only safe on the version it started from (and a
    // patch at that version changes what differs).
    if (version !== existing.version) return conflict('version_mismatch');
    changes = Object.fromEntries(
      Object.entries(data).filter(
        ([field, value]) => JSON.stringify(value) !== JSON.stringify(server[field]),
      ),
    );
  }
  // Nothing differs from the server: applied as it is, with no new version, sequence or audit row.
  if (Object.keys(changes).length === 0) return applied(existing);
  if (!rules.mayChange(plan, existing, changes)) return conflict('forbidden');
  const changed = rules.change(plan, existing, changes);
  return typeof changed === 'string' ? conflict('invalid', { detail: changed }) : applied(changed);
}
