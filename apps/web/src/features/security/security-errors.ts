import { isApiError } from '../../lib/api-error.ts';
import { fr } from '../../locales/fr/index.ts';

// Each failure of this screen has one fixed sentence; a few server answers deserve their own words.

const throttled = (error: unknown): string | null =>
  isApiError(error) && (error.code === 'rate_limited' || error.code === 'account_locked')
    ? fr.problemMessages[error.code]
    : null;

/** A screen-level failure: its fixed sentence, or the throttling message when that is the cause. */
export const failureMessage = (error: unknown, fallback: string): string => throttled(error) ?? fallback;

/** A form that sends a TOTP code: a refused or malformed code reads 'Code invalide'. */
export function codeFailureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && (error.code === 'invalid_code' || error.code === 'validation_failed'))
    return fr.security.twoFactor.invalidCode;
  return failureMessage(error, fallback);
}

export const isAlreadyEnabled = (error: unknown): boolean =>
  isApiError(error) && error.code === 'two_factor_already_enabled';

export const isInvalidSetupData = (error: unknown): boolean =>
  isApiError(error) && error.kind === 'invalid_response';

export const isForbidden = (error: unknown): boolean => isApiError(error) && error.code === 'forbidden';
