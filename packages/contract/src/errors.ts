import { z } from 'zod';

/**
 * Stable error codes. The server puts one in every problem document; the web app chooses the French
 * text by code, never by parsing the English `detail`.
 */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'invalid_credentials',
  'account_locked',
  'rate_limited',
  'unauthorized',
  'session_expired',
  'two_factor_required',
  'two_factor_enrolment_required',
  'forbidden',
  'not_found',
  'version_conflict',
  'email_taken',
  'weak_password',
  'common_password',
  'invalid_reset_token',
  'registration_disabled',
  'invalid_code',
  'two_factor_already_enabled',
  'two_factor_not_started',
  'internal_error',
] as const;
export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** RFC 9457 problem details, with the extensions the client relies on. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: errorCodeSchema,
  requestId: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  attemptsRemaining: z.number().int().optional(),
  lockedUntil: z.string().optional(),
  requires2FA: z.boolean().optional(),
  /** 409: the current server row, what the client sent, and why (SPEC §7 records these as a conflict). */
  reason: z.string().optional(),
  server: z.unknown().optional(),
  serverVersion: z.number().int().optional(),
  client: z.unknown().optional(),
  clientVersion: z.number().int().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

/** The exact details the spec has the client react to. */
export const PROBLEM_DETAILS = {
  sessionExpired: 'Session expired or invalid',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  loginFailed: 'Login failed',
} as const;
