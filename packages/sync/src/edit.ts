import { TMP_ID_PREFIX, type SyncEntity } from '@jalon/contract';
import type { Fields } from './merge.ts';
import type { NewEntry } from './outbox.ts';
import type { Row } from './store.ts';

/** An edit as the UI makes it; the version and `base` come from what the view shows. */
export type Edit =
  /** `id`: a `tmp-` id the screen made for what it creates, so sending the same form twice makes one. */
  | { op: 'create'; entity: SyncEntity; data: Fields; id?: string }
  | { op: 'patch'; entity: SyncEntity; id: string; data: Fields }
  | { op: 'delete'; entity: SyncEntity; id: string };

/**
 * The outbox entry for an edit, from the view the person edited: a create gets a new
 * `tmp-` id; a patch or delete starts from the version shown, and a patch's `base` is the shown value
 * of each field it writes. A field the row lacks was not seen (a row this device created shows only the
 * fields it was given, not the server's defaults): it is left out of `base`, which the merge rule reads
 * as "never seen", and a patch that saw none of its fields has no `base` (it then waits for the version).
 * Sending null for it would be refused whole as invalid by a field that cannot be null (a task's status).
 */
export function entryForEdit(
  edit: Edit,
  view: readonly Row[],
  newId: () => string,
): Omit<NewEntry, 'localId' | 'createdAt'> {
  if (edit.op === 'create')
    return {
      entity: edit.entity,
      op: 'upsert',
      id: edit.id ?? `${TMP_ID_PREFIX}${newId()}`,
      baseVersion: 0,
      data: edit.data,
    };
  const row = view.find((candidate) => candidate.id === edit.id);
  if (!row) throw new Error(`No ${edit.entity} ${edit.id} to ${edit.op}`);
  if (edit.op === 'delete')
    return { entity: edit.entity, op: 'delete', id: edit.id, baseVersion: row.version, data: {} };
  const seen = Object.keys(edit.data).filter((field) => field in row);
  const base =
    seen.length > 0 ? Object.fromEntries(seen.map((field) => [field, row[field] ?? null])) : undefined;
  return {
    entity: edit.entity,
    op: 'patch',
    id: edit.id,
    baseVersion: row.version,
    data: edit.data,
    ...(base && { base }),
  };
}
