import { stripTmpPrefix } from '@jalon/contract';
import type { Fields } from './merge.ts';

/**
 * Whether `fields` name the entity `id` (a task's `project`, or one of its `labels`, in any form:
 * `tmp-<uuid>` or the bare uuid). A value that is a UUID, or a list of them, can only be a reference, so no
 * list of reference fields is needed.
 */
export function namesEntity(fields: Fields | undefined, id: string): boolean {
  if (!fields) return false;
  const target = stripTmpPrefix(id);
  const names = (value: unknown) => typeof value === 'string' && stripTmpPrefix(value) === target;
  return Object.values(fields).some((value) => (Array.isArray(value) ? value.some(names) : names(value)));
}

/**
 * `fields` with every value equal to `from`, alone or in a list, replaced by `to` (a `tmp-` id once the
 * server created the row).
 */
export function renameInFields<T extends Fields | undefined>(fields: T, from: string, to: string): T {
  const holds = (value: unknown) => value === from || (Array.isArray(value) && value.includes(from));
  if (!fields || !Object.values(fields).some(holds)) return fields;
  const rename = (value: unknown) => (value === from ? to : value);
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(rename) : rename(value),
    ]),
  ) as T;
}
