import { fr } from '../locales/fr/index.ts';
import { describeApiBaseUrl } from './api-base-url.ts';
import { formatClock } from './dates.ts';
import { isApiError, type ApiError } from './api-error.ts';

/** Where the error happened decides the wording: each screen has its own sentence for a failure. */
export type ErrorContext = 'login' | 'twoFactor' | 'resetRequest' | 'reset' | 'generic';

function lockMessage(error: ApiError): string {
  const lockedUntil = error.problem?.lockedUntil;
  const time = lockedUntil ? Date.parse(lockedUntil) : Number.NaN;
  return fr.errors.tooManyLogins + (Number.isNaN(time) ? '' : fr.errors.lockedUntil(formatClock(time)));
}

/** Codes whose detail the server writes in French for the person, naming what is wrong (a file's line). */
const SPOKEN_DETAILS = new Set(['import_malformed']);

function codeMessage(error: ApiError): string | null {
  if (error.code && SPOKEN_DETAILS.has(error.code)) return error.problem!.detail;
  return error.code ? fr.problemMessages[error.code] : null;
}

function loginMessage(error: ApiError): string {
  if (error.kind === 'invalid_response') return fr.errors.loginFailed;
  if (error.code === 'account_locked') return lockMessage(error);
  if (error.status === 429) return fr.errors.tooManyLogins;
  if (error.code === 'invalid_credentials') {
    const remaining = error.problem?.attemptsRemaining;
    return (
      fr.problemMessages.invalid_credentials +
      (remaining === undefined ? '' : fr.errors.attemptsRemaining(remaining))
    );
  }
  return codeMessage(error) ?? fr.errors.loginFailed;
}

function twoFactorMessage(error: ApiError): string {
  if (error.code === 'account_locked') return lockMessage(error);
  if (error.status === 429) return fr.errors.tooManyLogins;
  if (error.code === 'session_expired') return fr.errors.sessionExpired;
  return fr.errors.invalidTwoFactorCode;
}

const withReason = (title: string, error: ApiError): string => {
  const reason = codeMessage(error);
  return reason ? `${title} : ${reason}` : title;
};

/** The French sentence for any failure; the server's English `detail` is never shown. */
export function errorMessage(error: unknown, context: ErrorContext = 'generic'): string {
  if (!isApiError(error)) return fr.errors.unknown;
  if (error.kind === 'network') return fr.errors.network(describeApiBaseUrl());
  if (error.kind === 'session_expired') return fr.errors.sessionExpired;
  switch (context) {
    case 'login':
      return loginMessage(error);
    case 'twoFactor':
      return twoFactorMessage(error);
    case 'resetRequest':
      return withReason(fr.errors.resetLinkFailed, error);
    case 'reset':
      return withReason(fr.errors.resetFailed, error);
    case 'generic':
      return codeMessage(error) ?? fr.errors.unknown;
  }
}
