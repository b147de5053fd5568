// Client-made ids (docs/sync-protocol.md, "Ids made on the device"), without zod: the signed-in shell needs them on its first paint.

/** A client-made id is shown as `tmp-<uuid>` until the server has created the row under that uuid. */
export const TMP_ID_PREFIX = 'tmp-';
export const stripTmpPrefix = (id: string): string =>
  id.startsWith(TMP_ID_PREFIX) ? id.slice(TMP_ID_PREFIX.length) : id;
export const isTmpId = (id: string): boolean => id.startsWith(TMP_ID_PREFIX);

/**
 * The one spelling of an id: a UUID in lower case, as the database writes it. The database reads a UUID in
 * any case as the same row, so an id accepted in another spelling would name one row to the database and
 * another to every comparison made in memory (issue 31); requests in another spelling are refused.
 */
export const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A sync operation's id: a canonical UUID, or `tmp-` and a canonical UUID for a create. */
export const CANONICAL_ENTITY_ID = /^(tmp-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
