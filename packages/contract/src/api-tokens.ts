import { z } from 'zod';
import { API_TOKEN } from './constants.ts';
import { idSchema } from './id-schema.ts';
import { safeText } from './text.ts';

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

/** POST /api/me/tokens. `expiresInDays: null` (no expiry) is for administrators only. */
export const createApiTokenRequestSchema = z.strictObject({
  name: safeText().trim().min(1).max(API_TOKEN.nameMax),
  scope: apiTokenScopeSchema,
  expiresInDays: z.union([...API_TOKEN.expiryDays.map((days) => z.literal(days)), z.null()]),
});
export type CreateApiTokenRequest = z.input<typeof createApiTokenRequestSchema>;

/** A token as listed: never the token itself, which only its creation answer holds. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  createdAt: z.string(),
  /** Null: no expiry. */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createdApiTokenSchema = apiTokenSchema.extend({
  /** `jalon_pat_…`, shown this once: only its hash is kept. */
  token: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

export const apiTokenIdParamsSchema = z.strictObject({ id: idSchema });
export const apiTokenRevokedSchema = z.object({ revoked: z.literal(true) });
