import type { Preferences, PreferencesUpdate } from '@jalon/contract';
import { lazySchema } from '../../../lib/contract-schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/preferences: a partial update; the server answers the whole, clamped preferences. */
export const savePreferences = (update: PreferencesUpdate): Promise<Preferences> =>
  apiRequest('/preferences', { method: 'PUT', body: update, schema: lazySchema((contract) => contract.preferencesSchema) });
