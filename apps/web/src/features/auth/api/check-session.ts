import type { SessionCheck } from '@jalon/contract';
import { lazySchema } from '../../../lib/contract-schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const checkSession = (): Promise<SessionCheck> =>
  apiRequest('/auth/sessions/check', { schema: lazySchema((contract) => contract.sessionCheckSchema) });
