import type { Preferences, PreferencesUpdate } from '@jalon/contract';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/preferences: a partial update; the server answers the whole, clamped preferences. */
export const savePreferences = (update: PreferencesUpdate): Promise<Preferences> =>
  apiRequest('/preferences', { method: 'PUT', body: update, schema: contractSchema('preferencesSchema') });
