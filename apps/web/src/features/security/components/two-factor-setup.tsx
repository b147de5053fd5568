import { useState, type FormEvent } from 'react';
import { AUTH } from '@jalon/contract/plain';
import type { TwoFactorSetup as Setup, TwoFactorVerifyResult } from '@jalon/contract';
import { getSession } from '../../../lib/session-store.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useVerifyTwoFactorSetup } from '../api/verify-two-factor-setup.ts';
import { codeFailureMessage } from '../security-errors.ts';
import { BackupCodes } from './backup-codes.tsx';
import { CodeField, digitsOnly } from './code-field.tsx';

const t = fr.security.twoFactor;

interface TwoFactorSetupProps {
  setup: Setup;
  /** `pendingSignIn`: only a temporary token was held, so this verification also signs the user in. */
  onVerified: (result: TwoFactorVerifyResult, pendingSignIn: boolean) => void;
  onCancel: () => void;
}

/** The "setup started" state: QR code and secret, the backup codes to keep, then the code that proves it works. */
export function TwoFactorSetup({ setup, onVerified, onCancel }: TwoFactorSetupProps) {
  const verify = useVerifyTwoFactorSetup();
  const [code, setCode] = useState('');
  const [tooShort, setTooShort] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length < AUTH.totpDigits) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    const { token, tempToken } = getSession();
    const pendingSignIn = token === null && tempToken !== null;
    verify.mutate(code, { onSuccess: (result) => onVerified(result, pendingSignIn) });
  };

  const error = tooShort
    ? t.codeTooShort
    : verify.isError
      ? codeFailureMessage(verify.error, t.enableError)
      : null;

  return (
    <section className="card" aria-labelledby="two-factor-setup-title">
      <h3 id="two-factor-setup-title">{t.setupHeading}</h3>
      <p>{t.scanStep}</p>
      <div className="two-factor-setup__qr">
        <img src={setup.qrCode} alt={t.qrAlt} width={200} height={200} />
        <div>
          <p>{t.secretLabel}</p>
          <code className="secret">{setup.secret}</code>
        </div>
      </div>
      <p>{t.backupStep}</p>
      <BackupCodes codes={setup.backupCodes} />
      <form className="form" onSubmit={submit} aria-labelledby="two-factor-setup-title" noValidate>
        <p>{t.verifyStep}</p>
        <CodeField
          id="two-factor-setup-code"
          label={t.codeLabel}
          value={code}
          onChange={(value) => {
            setCode(value);
            setTooShort(false);
          }}
          normalise={digitsOnly(AUTH.totpDigits)}
          maxLength={AUTH.totpDigits}
          error={error}
        />
        <div className="form__actions form__actions--start">
          <button
            type="submit"
            className="button button--primary"
            disabled={verify.isPending || verify.isSuccess}
          >
            {verify.isPending ? t.verifying : t.verify}
          </button>
          <button type="button" className="button" onClick={onCancel} disabled={verify.isPending}>
            {t.cancelSetup}
          </button>
        </div>
      </form>
    </section>
  );
}
