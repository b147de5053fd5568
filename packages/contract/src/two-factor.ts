import { z } from 'zod';
import { loginResultSchema } from './auth.ts';
import { BACKUP_CODE_PATTERN, TOTP_CODE_PATTERN } from './defaults.ts';
import { safeText } from './text.ts';

/** A TOTP code: exactly six ASCII digits (S14); anything else is refused before any verification. */
export const totpCodeSchema = z.string().regex(TOTP_CODE_PATTERN, 'A code is exactly 6 digits');
export const backupCodeSchema = z
  .string()
  .regex(BACKUP_CODE_PATTERN, 'A backup code is 10 letters and digits');

/** The sign-in step accepts either a TOTP code or a backup code. */
export const secondFactorCodeSchema = z.union([totpCodeSchema, backupCodeSchema]);

export const verifyTwoFactorLoginSchema = z.strictObject({
  code: secondFactorCodeSchema,
  tempToken: safeText().min(16).max(128),
});
export const verifyBackupSchema = z.strictObject({
  code: backupCodeSchema,
  tempToken: safeText().min(16).max(128).optional(),
});
export const totpCodeBodySchema = z.strictObject({ code: totpCodeSchema });

/**
 * `enabled`: the account has a second factor, TOTP or at least one passkey (decision 0037), the same
 * meaning as the user's `twoFactorEnabled`. `totpEnabled` and `passkeys` say which.
 */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  totpEnabled: z.boolean(),
  passkeys: z.int(),
  backupCodesRemaining: z.int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** PNG data URL of the otpauth:// URI. */
  qrCode: z.string(),
  otpauthUrl: z.string(),
  /** Base32 secret, for typing into an app by hand. */
  secret: z.string(),
  backupCodes: z.array(z.string()),
  alreadyEnabled: z.boolean(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const backupCodesSchema = z.object({ backupCodes: z.array(z.string()) });
export const twoFactorDisabledSchema = z.object({ enabled: z.literal(false), message: z.string() });
/** Enrolment confirmed: with a pending sign-in this also opens the session, as login does. */
export const twoFactorVerifyResultSchema = loginResultSchema.extend({ enabled: z.literal(true) });
export type TwoFactorVerifyResult = z.infer<typeof twoFactorVerifyResultSchema>;
