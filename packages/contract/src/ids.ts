// Client-made ids (SYNC.md §2), without zod: the signed-in shell needs them on its first paint.

/** A client-made id is shown as `tmp-<uuid>` until the server has created the row under that uuid. */
export const TMP_ID_PREFIX = 'tmp-';
export const stripTmpPrefix = (id: string): string => (id.startsWith(TMP_ID_PREFIX) ? id.slice(TMP_ID_PREFIX.length) : id);
export const isTmpId = (id: string): boolean => id.startsWith(TMP_ID_PREFIX);
