import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../projects/policy.ts';

/**
 * The row a create's client-made id already names, if any: when this person made it and it is live, the
 * create is that row again (a double click, a resend after a lost answer), so the caller answers it as
 * it is. Anyone else's row, or a deleted one, makes the id unusable: 409 `id_taken`.
 */
export function madeBefore<Row extends { deletedAt: Date | null }>(
  row: Row | undefined,
  viewer: Viewer,
  creatorOf: (row: Row) => string | null,
): Row | null {
  if (!row) return null;
  if (row.deletedAt || creatorOf(row) !== viewer.userId)
    throw new AppError(409, 'id_taken', 'This id already names another entity');
  return row;
}
