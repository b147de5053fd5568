import { z } from 'zod';
import { ERROR_CODES } from './http.ts';

export const errorCodeSchema = z.enum(ERROR_CODES);

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** RFC 9457 problem details, with the extensions the client relies on. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.string(),
  code: errorCodeSchema,
  requestId: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  attemptsRemaining: z.int().optional(),
  lockedUntil: z.string().optional(),
  requires2FA: z.boolean().optional(),
  /** 409: the current server row, what the client sent, and why (the client records these as a conflict). */
  reason: z.string().optional(),
  server: z.unknown().optional(),
  serverVersion: z.int().optional(),
  client: z.unknown().optional(),
  clientVersion: z.int().optional(),
  /** Sync `out_of_order`: the last operation number the server processed for this client. */
  lastSeq: z.int().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
