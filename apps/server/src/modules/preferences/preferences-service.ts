import { eq } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, type Preferences, type PreferencesUpdate } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { SessionStore } from '../sessions/session-store.ts';

/** Display preferences follow the person across devices: stored on the user, merged over the defaults. */
export class PreferencesService {
  constructor(
    private readonly db: Db,
    private readonly store: SessionStore,
  ) {}

  async update(userId: string, patch: PreferencesUpdate): Promise<Preferences> {
    const preferences = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ preferences: users.preferences })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      const merged: Preferences = {
        ...DEFAULT_PREFERENCES,
        ...row?.preferences,
        ...(patch as Partial<Preferences>),
      };
      await tx.update(users).set({ preferences: merged, updatedAt: new Date() }).where(eq(users.id, userId));
      return merged;
    });
    // Sessions cache the preferences (GET /api/auth/me reads them there): refresh them everywhere.
    await this.store.userChanged(userId);
    return preferences;
  }
}

export const withDefaults = (stored: Partial<Preferences>): Preferences => ({
  ...DEFAULT_PREFERENCES,
  ...stored,
});
