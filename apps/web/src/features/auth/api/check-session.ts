import { sessionCheckSchema, type SessionCheck } from '@jalon/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const checkSession = (): Promise<SessionCheck> =>
  apiRequest('/auth/sessions/check', { schema: sessionCheckSchema });
