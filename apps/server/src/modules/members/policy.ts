import type { User } from '@jalon/contract';
import { AppError } from '../../lib/errors.ts';

/**
 * The roles model (decision 0028): an administrator manages people (invitations, roles, deactivation,
 * 2FA resets) on top of everything a member does; a member does everything else.
 */
export const isAdmin = (user: Pick<User, 'role'>): boolean => user.role === 'admin';

export function assertAdmin(user: Pick<User, 'role'>): void {
  if (!isAdmin(user)) throw new AppError(403, 'forbidden', 'Administrators only');
}
