import { z } from 'zod';
import { idSchema } from './id-schema.ts';
import { SESSION_END_REASONS } from './events.ts';

export const sessionInfoSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  /** Human-readable device, parsed from the user agent ("Chrome sur Linux"). */
  device: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.object({
  sessions: z.array(sessionInfoSchema),
  currentSession: z.string(),
});
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionCheckSchema = z.object({
  valid: z.boolean(),
  expiresAt: z.string().nullable(),
  /** Why the bearer token's session ended; null while it is valid, or when the token names no session. */
  ended: z.enum(SESSION_END_REASONS).nullable(),
});
export type SessionCheck = z.infer<typeof sessionCheckSchema>;

export const sessionRefreshSchema = z.object({
  token: z.string(),
  sessionId: z.string(),
  expiresAt: z.string(),
});
export type SessionRefresh = z.infer<typeof sessionRefreshSchema>;

export const sessionIdParamsSchema = z.object({ id: idSchema });

export const revokedCountSchema = z.object({ revoked: z.int() });
