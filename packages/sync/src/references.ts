import { stripTmpPrefix } from '@jalon/contract';
import type { Fields } from './merge.ts';

/**
 * Whether `fields` name the entity `id` (a task's `project`, in any form: `tmp-<uuid>` or the bare uuid).
 * A field whose whole value is a UUID can only be a reference, so no list of reference fields is needed.
 */
export function namesEntity(fields: Fields | undefined, id: string): boolean {
  if (!fields) return false;
  const target = stripTmpPrefix(id);
  return Object.values(fields).some((value) => typeof value === 'string' && stripTmpPrefix(value) === target);
}

/** `fields` with every value equal to `from` replaced by `to` (a `tmp-` id once the server created the row). */
export function renameInFields<T extends Fields | undefined>(fields: T, from: string, to: string): T {
  if (!fields || !Object.values(fields).includes(from)) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value === from ? to : value]),
  ) as T;
}
