import { preferencesSchema, type Preferences, type PreferencesUpdate } from '@jalon/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/preferences: a partial update; the server answers the whole, clamped preferences. */
export const savePreferences = (update: PreferencesUpdate): Promise<Preferences> =>
  apiRequest('/preferences', { method: 'PUT', body: update, schema: preferencesSchema });
