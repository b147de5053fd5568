import { z } from 'zod';
import { SSO } from './constants.ts';
import { loginResultSchema } from './auth.ts';
import { isSameSitePath } from './same-site-path.ts';
import { safeText } from './text.ts';

/** Who may still sign in with a password once a provider is set up (`PASSWORD_LOGIN`). */
export const PASSWORD_LOGIN_MODES = ['on', 'admins', 'off'] as const;
export type PasswordLoginMode = (typeof PASSWORD_LOGIN_MODES)[number];

/**
 * What /login offers, asked before anyone is signed in: the password form (unless `off`) and the
 * provider's button. `available` is false while the provider could not be reached: the button then
 * says so and the password form still works.
 */
export const signInMethodsSchema = z.object({
  password: z.enum(PASSWORD_LOGIN_MODES),
  sso: z.object({ displayName: z.string(), available: z.boolean() }).nullable(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

export const ssoStartResultSchema = z.object({ url: z.string() });

/**
 * The one-time code the callback handed the page in its address's fragment. Named `loginCode`, not
 * `code`: a body's `code` is a second-factor code, which the one wrong-code counter guards.
 */
export const ssoExchangeRequestSchema = z.strictObject({
  loginCode: safeText().min(1).max(SSO.handoffCodeMax),
});
export type SsoExchangeRequest = z.infer<typeof ssoExchangeRequestSchema>;

/** A sign-in result like the password path's, plus the Jalon page the person first asked for. */
export const ssoExchangeResultSchema = loginResultSchema.extend({ returnTo: z.string() });
export type SsoExchangeResult = z.infer<typeof ssoExchangeResultSchema>;

/** `GET /api/auth/sso/start?returnTo=/tasks`: only a path of this site, never another origin. */
export const ssoStartQuerySchema = z.strictObject({
  returnTo: safeText().max(SSO.returnToMax).refine(isSameSitePath, 'must be a path on this site').optional(),
});

const callbackParameter = z.string().max(SSO.callbackParameterMax).optional();
/** The provider's answer (RFC 6749 §4.1.2, RFC 9207's `iss`); other parameters are kept for the checks. */
export const ssoCallbackQuerySchema = z.looseObject({
  code: callbackParameter,
  state: callbackParameter,
  iss: callbackParameter,
  error: callbackParameter,
  error_description: callbackParameter,
});

/**
 * What the provider posts, form-encoded, to tell Jalon that a person signed out there (OpenID Connect
 * Back-Channel Logout 1.0). Other parameters are ignored, as the specification asks.
 */
export const ssoBackChannelLogoutRequestSchema = z.looseObject({
  logout_token: safeText().min(1).max(SSO.logoutTokenMax),
});

/** How many Jalon sessions the provider's logout ended. */
export const ssoBackChannelLogoutResultSchema = z.object({ sessionsEnded: z.number().int() });

/** `redirectTo`: with OIDC_LOGOUT=provider, the provider's end-session address, for a session it opened. */
export const logoutResultSchema = z.object({ loggedOut: z.literal(true), redirectTo: z.string().optional() });
export type LogoutResult = z.infer<typeof logoutResultSchema>;
