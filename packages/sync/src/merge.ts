import { jsonEqual } from './json-equal.ts';

/** A row or a patch as plain JSON fields, already normalised by the contract's schemas. */
export type Fields = Record<string, unknown>;

export interface MergeInput {
  /** The server's current values (at least for the fields in `data`). */
  server: Fields;
  /** The fields the patch writes, with their new values. */
  data: Fields;
  /** The values the person saw for the fields in `data` when they edited (the operation's `base`). */
  base: Fields | undefined;
}

export interface MergeResult {
  /** Fields the server changed since `base` to a value other than the new one: both sides changed them. */
  conflicts: string[];
  /**
   * Fields of `data` whose new value differs from the server's (conflicting fields included, since they
   * differ by definition). Apply them only when `conflicts` is empty; empty means the patch changes
   * nothing (applied, no new version, sequence or event).
   */
  changes: Fields;
}

/**
 * The field-level merge rule (docs/sync-protocol.md, "The merge rule"), shared by the server (applying a `patch`) and the client
 * (knowing what a conflict names). Values must be normalised first (trimmed text, `doing` as
 * `in_progress`, dates as ISO instants, references with `tmp-` stripped in `data` AND in `base`, since a
 * patch sent with the create it follows still names its base by the `tmp-` id): the comparison is plain
 * JSON equality.
 *
 * A field conflicts only when the server's value differs from `base` AND from the new value: a field
 * only one side changed, or both changed to the same value, merges. A field missing from `base` was
 * never seen, so it conflicts whenever the server's value differs from the new one.
 *
 * Without `base` (undefined) the rule cannot tell who changed what: the caller must then treat any
 * version difference as a conflict (`version_mismatch`) and call this only when the versions match, in
 * which case no field conflicts and `changes` is what to write.
 */
export function mergePatch({ server, data, base }: MergeInput): MergeResult {
  const conflicts: string[] = [];
  const changes: Fields = {};
  for (const [field, value] of Object.entries(data)) {
    if (jsonEqual(server[field], value)) continue;
    changes[field] = value;
    if (base !== undefined && !(field in base && jsonEqual(server[field], base[field])))
      conflicts.push(field);
  }
  return { conflicts, changes };
}
