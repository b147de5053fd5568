import type { SessionCheck } from '@jalon/contract';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const checkSession = (): Promise<SessionCheck> =>
  apiRequest('/auth/sessions/check', { schema: contractSchema('sessionCheckSchema') });
