import { z } from 'zod';
import { ACCOUNT_LIMITS, AUTH } from './constants.ts';
import { roleSchema } from './enums.ts';
import { preferencesSchema } from './preferences.ts';
import { safeText } from './text.ts';

/** Passwords are counted in Unicode code points after NFC, so "é" typed either way is one character. */
export const passwordLength = (password: string): number => [...password.normalize('NFC')].length;

/** A password being set (registration, reset, user creation). Common-password checks are the server's. */
export const newPasswordSchema = safeText()
  .refine((value) => passwordLength(value) >= AUTH.passwordMinLength, {
    message: `Password must be at least ${AUTH.passwordMinLength} characters`,
  })
  .refine((value) => passwordLength(value) <= AUTH.passwordMaxLength, {
    message: `Password must be at most ${AUTH.passwordMaxLength} characters`,
  });

export const emailSchema = safeText().trim().max(ACCOUNT_LIMITS.emailMax).pipe(z.email());
export const usernameSchema = safeText().trim().min(1).max(ACCOUNT_LIMITS.usernameMax);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  role: roleSchema,
  twoFactorEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  // Long enough for any real password, short enough that nobody makes us hash megabytes.
  password: safeText().min(1).max(1024),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * Login result. Either a session (`token`, `sessionId`, `expiresAt`) or, when a second
 * factor is due, `requires2FA` with a short-lived `tempToken` (and `setupRequired` when the user must
 * first enrol). Every key is always present so the client reads one shape.
 */
export const loginResultSchema = z.object({
  user: userSchema,
  token: z.string().nullable(),
  sessionId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  requires2FA: z.boolean(),
  tempToken: z.string().nullable(),
  setupRequired: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const registerRequestSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
  username: usernameSchema.optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const meSchema = z.object({
  user: userSchema,
  preferences: preferencesSchema,
  session: z.object({
    id: z.string(),
    expiresAt: z.string(),
    /** Opened through the organisation's provider after its own second factor: counts as Jalon's 2FA. */
    secondFactorByProvider: z.boolean(),
  }),
});
export type Me = z.infer<typeof meSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export const forgotPasswordResultSchema = z.object({
  message: z.string(),
  /** Only outside production, and only for an existing account: the link that was mailed. */
  devResetLink: z.string().optional(),
});
export type ForgotPasswordResult = z.infer<typeof forgotPasswordResultSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  token: safeText().min(1).max(256),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;
export const resetPasswordResultSchema = z.object({ success: z.literal(true), message: z.string() });
