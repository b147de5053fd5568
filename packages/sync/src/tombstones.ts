import type { SyncEntity } from '@jalon/contract';

/**
 * Whether a device keeps this kind's tombstones as rows. A deleted comment keeps its place in its thread
 * ('Commentaire supprimé.', its text gone), so the device shows it as the server does; every other kind
 * disappears from the screens once deleted, and its tombstone only tells the device to forget the row.
 */
export const keepsTombstones = (entity: SyncEntity): boolean => entity === 'comment';

/** What is left of a row once deleted, as the server keeps a comment's: no text, no mentions. */
export const tombstoneOf = <R extends Record<string, unknown>>(row: R, deletedAt: string): R => ({
  ...row,
  body: null,
  mentions: [],
  deletedAt,
});
