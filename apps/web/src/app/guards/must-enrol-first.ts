import type { User } from '@jalon/contract';

/** An administrator without 2FA reaches /security only, until a second factor is set up: the server refuses them everything else. */
export const mustEnrolFirst = (user: Pick<User, 'role' | 'twoFactorEnabled'>): boolean =>
  user.role === 'admin' && !user.twoFactorEnabled;
