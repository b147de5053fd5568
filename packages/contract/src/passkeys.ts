import { z } from 'zod';
import { safeText } from './text.ts';
import { totpCodeSchema } from './two-factor.ts';

// Passkeys (WebAuthn) as a second factor beside TOTP (issue 14, decision 0023). The browser's JSON is
// checked field by field: base64url strings of bounded length, nothing else.

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

export const passkeyRegistrationResponseSchema = z
  .object({
    ...credentialBase,
    response: z
      .object({
        clientDataJSON: base64url(4096),
        attestationObject: base64url(32_768),
        authenticatorData: base64url(32_768).optional(),
        transports: z.array(transportSchema).max(8).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url(4096).optional(),
      })
      .strict(),
  })
  .strict();

export const passkeyAuthenticationResponseSchema = z
  .object({
    ...credentialBase,
    response: z
      .object({
        clientDataJSON: base64url(4096),
        authenticatorData: base64url(32_768),
        signature: base64url(1024),
        userHandle: base64url(128).optional(),
      })
      .strict(),
  })
  .strict();

export const passkeyNameSchema = safeText().trim().min(1, 'A name is required').max(64);

/** Adding a passkey needs a current code, like every other change to the second factor (S16). */
export const passkeyRegistrationOptionsBodySchema = z.object({ code: totpCodeSchema }).strict();
export const passkeyRegisterBodySchema = z
  .object({ challengeId: z.uuid(), name: passkeyNameSchema, response: passkeyRegistrationResponseSchema })
  .strict();
export const passkeyRemoveBodySchema = z.object({ code: totpCodeSchema }).strict();
export const passkeyIdParamsSchema = z.object({ id: z.uuid() }).strict();
export const passkeySignInOptionsBodySchema = z.object({ tempToken: safeText().min(16).max(128) }).strict();
export const passkeySignInBodySchema = z
  .object({
    tempToken: safeText().min(16).max(128),
    challengeId: z.uuid(),
    response: passkeyAuthenticationResponseSchema,
  })
  .strict();

/** The options handed to `navigator.credentials.create()/get()` (through @simplewebauthn/browser). */
export const passkeyOptionsSchema = z.object({
  challengeId: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export const passkeyRemovedSchema = z.object({ removed: z.literal(true) });
