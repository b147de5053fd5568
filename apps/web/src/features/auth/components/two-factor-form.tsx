import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { AUTH, BACKUP_CODE_PATTERN, TOTP_CODE_PATTERN } from '@jalon/contract/plain';
import type { LoginResult } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { getSession } from '../../../lib/session-store.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useSecondFactors } from '../api/second-factors.ts';
import { useVerifyPasskey } from '../api/verify-passkey.ts';
import { useVerifyTwoFactor } from '../api/verify-two-factor.ts';

const t = fr.auth.twoFactor;

interface TwoFactorFormProps {
  onVerified: (result: LoginResult) => void;
  onBack: () => void;
  /** The temporary token is gone (expired after 5 minutes, or dropped by another tab). */
  onExpired: () => void;
}

/** Spaces are typing aids ('123 456', 'ABCDE FGHJK'); the server takes the code without them. */
export const normaliseSecondFactorCode = (raw: string): string => raw.replace(/\s+/g, '');

/** A refused passkey: the server's reason when it gave one, the browser's refusal otherwise. */
function passkeyFailure(error: unknown): string {
  // The browser's own refusals (cancelled, timed out, no matching key) are not the server's.
  if (!isApiError(error)) return t.passkeyCancelled;
  if (error.code === 'no_passkey' || error.code === 'passkey_challenge_expired')
    return fr.problemMessages[error.code];
  if (error.code === 'invalid_credentials') return fr.problemMessages.passkey_invalid;
  return errorMessage(error, 'twoFactor');
}

export function TwoFactorForm({ onVerified, onBack, onExpired }: TwoFactorFormProps) {
  const verify = useVerifyTwoFactor();
  const passkey = useVerifyPasskey();
  // Until the answer is in (or if it fails), the usual step: a code field and the passkey button.
  const factors = useSecondFactors();
  const passkeyOnly = factors.data ? !factors.data.totpEnabled && factors.data.passkeys > 0 : false;
  const [code, setCode] = useState('');
  const [malformed, setMalformed] = useState(false);
  // After a refused code, the next thing to do is to type another one: focus goes back to the field.
  const codeInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tempToken = getSession().tempToken;
    // The temporary token lives 5 minutes and another tab may have dropped it.
    if (tempToken === null) {
      onExpired();
      return;
    }
    // Same rule as the server (a 6-digit code or a backup code XXXXX-XXXXX, dash optional, any case):
    // a mistyped code is caught here and does not count as a failed attempt.
    const normalised = normaliseSecondFactorCode(code);
    const accepted =
      BACKUP_CODE_PATTERN.test(normalised) || (!passkeyOnly && TOTP_CODE_PATTERN.test(normalised));
    if (!accepted) {
      verify.reset();
      setMalformed(true);
      return;
    }
    setMalformed(false);
    verify.mutate(
      { code: normalised, tempToken },
      {
        onSuccess: onVerified,
        onError: (error) => {
          if (isApiError(error) && error.code === 'session_expired') onExpired();
        },
      },
    );
  };
  const signInWithPasskey = () => {
    const tempToken = getSession().tempToken;
    if (tempToken === null) {
      onExpired();
      return;
    }
    verify.reset();
    setMalformed(false);
    passkey.mutate(tempToken, {
      onSuccess: onVerified,
      onError: (error) => {
        if (isApiError(error) && error.code === 'session_expired') onExpired();
      },
    });
  };
  const busy = verify.isPending || verify.isSuccess || passkey.isPending || passkey.isSuccess;
  // Once the field is usable again after a refusal (it is disabled while the code is checked), in the same
  // commit, so the next digits typed land in it (a refusal comes from the network, not from a key, and
  // React runs a plain effect for it after the paint).
  useLayoutEffect(() => {
    if ((verify.isError || malformed) && !busy) {
      codeInput.current?.focus();
      codeInput.current?.select();
    }
  }, [verify.isError, malformed, busy]);
  const error = malformed
    ? passkeyOnly
      ? t.backupMalformed
      : t.malformed
    : verify.isError
      ? errorMessage(verify.error, 'twoFactor')
      : passkey.isError
        ? passkeyFailure(passkey.error)
        : null;

  const passkeyButton = (
    <div className="form__actions form__actions--start">
      <button
        type="button"
        className={passkeyOnly ? 'button button--primary' : 'button'}
        onClick={signInWithPasskey}
        disabled={busy}
        // With passkeys only, the key is the next thing to use.
        autoFocus={passkeyOnly}
      >
        {passkey.isPending ? t.usingPasskey : t.usePasskey}
      </button>
    </div>
  );

  return (
    <form className="form" onSubmit={submit} aria-labelledby="login-title">
      <p className="form__hint">{passkeyOnly ? t.passkeyOnlyHint : t.hint}</p>
      {error && <Alert tone="error">{error}</Alert>}
      {passkeyOnly && passkeyButton}
      {passkeyOnly && <p className="form__hint">{t.orBackupCode}</p>}
      {/* The refusal is the alert above, which also covers the passkey: the field is only marked. */}
      <Field id="login-code" label={passkeyOnly ? t.backupCode : t.code} required invalid={error !== null}>
        {(control) => (
          <input
            {...control}
            ref={codeInput}
            className="input input--code"
            name="code"
            autoComplete={passkeyOnly ? 'off' : 'one-time-code'}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={AUTH.secondFactorInputMax}
            // The field receives focus when the step appears, as the user's next action is typing here.
            autoFocus={!passkeyOnly}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <div className="form__actions">
        <button type="button" className="button" onClick={onBack}>
          {t.back}
        </button>
        <button type="submit" className={passkeyOnly ? 'button' : 'button button--primary'} disabled={busy}>
          {verify.isPending ? t.verifying : passkeyOnly ? t.verifyBackup : t.verify}
        </button>
      </div>
      {!passkeyOnly && <p className="form__hint">{t.orPasskey}</p>}
      {!passkeyOnly && passkeyButton}
    </form>
  );
}
