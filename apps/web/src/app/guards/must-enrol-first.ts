import type { User } from '@jalon/contract';

/** SPEC §3: an administrator without 2FA reaches /security only, until a second factor is set up. */
export const mustEnrolFirst = (user: Pick<User, 'role' | 'twoFactorEnabled'>): boolean =>
  user.role === 'admin' && !user.twoFactorEnabled;
