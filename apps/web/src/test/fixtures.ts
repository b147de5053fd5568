import { DEFAULT_PREFERENCES } from '@jalon/contract/plain';
import type { LoginResult, Me, User } from '@jalon/contract';

// Fixed dates so tests never depend on the day they run (CONVENTIONS §8).
export const NOW = new Date('2030-01-15T10:00:00.000Z');

export const makeUser = (overrides: Partial<User> = {}): User => ({
  id: 'user-1',
  email: 'alice@example.test',
  username: 'alice',
  role: 'member',
  twoFactorEnabled: false,
  ...overrides,
});

export const makeLoginResult = (overrides: Partial<LoginResult> = {}): LoginResult => ({
  user: makeUser(),
  token: 'session-token',
  sessionId: 'session-1',
  expiresAt: '2030-01-15T10:30:00.000Z',
  requires2FA: false,
  tempToken: null,
  setupRequired: false,
  ...overrides,
});

export const makeMe = (userOverrides: Partial<User> = {}): Me => ({
  user: makeUser(userOverrides),
  preferences: DEFAULT_PREFERENCES,
  session: { id: 'session-1', expiresAt: '2030-01-15T10:30:00.000Z', secondFactorByProvider: false },
});
