import type { Me, User } from '@jalon/contract';

/**
 * An administrator without 2FA reaches /security only, until a second factor is set up: the server
 * refuses them everything else. A session the organisation's provider opened after its own second
 * factor counts as one (`secondFactorByProvider`, from /auth/me).
 */
export const mustEnrolFirst = (
  user: Pick<User, 'role' | 'twoFactorEnabled'>,
  session?: Pick<Me['session'], 'secondFactorByProvider'>,
): boolean => user.role === 'admin' && !user.twoFactorEnabled && !session?.secondFactorByProvider;
