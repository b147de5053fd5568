import { z } from 'zod';
import { ACCOUNT_LIMITS } from './constants.ts';
import { idSchema } from './id-schema.ts';
import { safeText } from './text.ts';
import { loginResultSchema } from './auth.ts';
import { secondFactorCodeSchema } from './two-factor.ts';

// Passkeys (WebAuthn) as a second factor, beside TOTP or alone (issue 14, decisions 0023 and 0037). The
// browser's JSON is checked field by field: base64url strings of bounded length, nothing else.

const base64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url')
    .max(max);
const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);
const extensionResultsSchema = z
  .record(z.string().max(64), z.unknown())
  .refine((value) => Object.keys(value).length <= 8, 'Too many extension results');
const credentialBase = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResultsSchema,
};

export const passkeyRegistrationResponseSchema = z.strictObject({
  ...credentialBase,
  response: z
    .object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(32_768),
      authenticatorData: base64url(32_768).optional(),
      transports: z.array(transportSchema).max(8).optional(),
      publicKeyAlgorithm: z.int().optional(),
      publicKey: base64url(4096).optional(),
    })
    .strict(),
});

export const passkeyAuthenticationResponseSchema = z.strictObject({
  ...credentialBase,
  response: z
    .object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(32_768),
      signature: base64url(1024),
      userHandle: base64url(128).optional(),
    })
    .strict(),
});

export const passkeyNameSchema = safeText()
  .trim()
  .min(1, 'A name is required')
  .max(ACCOUNT_LIMITS.passkeyNameMax);

/** A passkey's answer to a step-up challenge (`POST /2fa/passkeys/assertion-options`). */
export const passkeyAssertionSchema = z.strictObject({
  challengeId: idSchema,
  response: passkeyAuthenticationResponseSchema,
});

/**
 * Proof of a current second factor for a change to it (S16): a TOTP code, a backup code when TOTP is
 * off (decision 0037), or a passkey's answer. Exactly one.
 */
export const currentFactorBodySchema = z
  .strictObject({ code: secondFactorCodeSchema.optional(), passkey: passkeyAssertionSchema.optional() })
  .refine((body) => (body.code === undefined) !== (body.passkey === undefined), {
    message: 'Send a code or a passkey answer',
    path: ['code'],
  });
export type CurrentFactorBody = z.infer<typeof currentFactorBodySchema>;

/**
 * Adding a passkey needs a current factor when the account has one; the first factor (from the 2FA tab,
 * or an administrator's forced enrolment with a tempToken) needs none, like starting TOTP enrolment.
 */
export const passkeyRegistrationOptionsBodySchema = z
  .strictObject({ code: secondFactorCodeSchema.optional(), passkey: passkeyAssertionSchema.optional() })
  .refine((body) => body.code === undefined || body.passkey === undefined, {
    message: 'Send a code or a passkey answer, not both',
    path: ['code'],
  });
export const passkeyRegisterBodySchema = z.strictObject({
  challengeId: idSchema,
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export const passkeyRemoveBodySchema = currentFactorBodySchema;
export const passkeyIdParamsSchema = z.strictObject({ id: idSchema });
export const passkeySignInOptionsBodySchema = z.strictObject({ tempToken: safeText().min(16).max(128) });
export const passkeySignInBodySchema = z.strictObject({
  tempToken: safeText().min(16).max(128),
  challengeId: idSchema,
  response: passkeyAuthenticationResponseSchema,
});

/** The options handed to `navigator.credentials.create()/get()` (through @simplewebauthn/browser). */
export const passkeyOptionsSchema = z.object({
  challengeId: idSchema,
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeySchema = z.object({
  id: idSchema,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
/**
 * A passkey added. When it is the account's first second factor, `backupCodes` are the ten new codes
 * (shown once) and, from a forced enrolment's tempToken, `signIn` is the session it opened.
 */
export const passkeyRegisteredSchema = passkeySchema.extend({
  backupCodes: z.array(z.string()).nullable(),
  signIn: loginResultSchema.nullable(),
});
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredSchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyRemovedSchema = z.object({ removed: z.literal(true) });
