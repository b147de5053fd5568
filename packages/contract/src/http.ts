// Constants of the HTTP contract that the web app needs on its first screen. No zod here: this module
// stays out of the schemas' weight (see package.json "sideEffects": false and the web's lazy schemas).

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
  // A display name that reads like another member's, whatever its case or script (decision 0048).
  'username_taken',
  'weak_password',
  'common_password',
  'invalid_reset_token',
  'registration_disabled',
  'invalid_code',
  'two_factor_already_enabled',
  'two_factor_not_started',
  'internal_error',
  // The sync batch envelope (docs/sync-protocol.md, "Errors"): refused whole, nothing consumed.
  'out_of_order',
  'wrong_user',
  'upgrade_required',
  'client_unknown',
  'database_unavailable',
  // Teams (issue 16).
  'account_deactivated',
  'invalid_invitation_token',
  'last_admin',
  'self_change',
  'wrong_current_password',
  // Passkeys (decision 0023).
  'passkey_challenge_expired',
  'passkey_invalid',
  'passkey_already_registered',
  'too_many_passkeys',
  'no_passkey',
  // A passkey alone as the second factor (decision 0037).
  'last_second_factor',
  // One click, one thing (issue 32): a client-made id someone else used, a second live invitation.
  'id_taken',
  'invitation_pending',
  // Webhooks (issue 39): a target the server will not send to (SSRF), or one webhook too many.
  'webhook_target_refused',
  'too_many_webhooks',
  // Personal access tokens (issue 39): a person holds at most API_TOKEN.perUser live ones.
  'too_many_tokens',
  // Attached files (issue 37): no `file` part, one past ATTACHMENT_MAX_MB, the instance's FILES_MAX_GB full.
  'file_missing',
  'file_too_large',
  'storage_full',
  // Sign-in through the organisation's provider (issue 38).
  'sso_no_account',
  'sso_email_unverified',
  'sso_failed',
  'sso_unavailable',
  // A back-channel logout token that failed a check (signature, issuer, audience, age, replay).
  'sso_logout_token_invalid',
  'password_login_disabled',
  // Labels (issue 37): another live label has this name, ignoring case and accents.
  'name_taken',
  // Import (issue 39): a file that cannot be read; the detail, in French, names the line or the field.
  'import_malformed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The exact details the client reacts to, kept word for word so older clients keep reacting to them. */
export const PROBLEM_DETAILS = {
  sessionExpired: 'Session expired or invalid',
  tooManyLogins: 'Too many login attempts. Please try again later.',
  loginFailed: 'Login failed',
  accountDeactivated: 'Compte désactivé. Contactez un administrateur.',
  ssoNoAccount: 'Aucun compte Jalon pour cette adresse. Demandez une invitation.',
} as const;

/** Response headers that keep the client's copy of the session current (its id and its expiry). */
export const SESSION_HEADERS = {
  sessionId: 'x-session-id',
  expiresAt: 'x-session-expires-at',
} as const;

/** The request header that carries the version a write is based on (409 when it is stale). */
export const ENTITY_VERSION_HEADER = 'x-entity-version';
