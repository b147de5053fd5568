import { useState, type FormEvent } from 'react';
import type { LoginResult } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { getSession } from '../../../lib/session-store.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useVerifyTwoFactor } from '../api/verify-two-factor.ts';

const t = fr.auth.twoFactor;

interface TwoFactorFormProps {
  onVerified: (result: LoginResult) => void;
  onBack: () => void;
}

export function TwoFactorForm({ onVerified, onBack }: TwoFactorFormProps) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');
  const [missingToken, setMissingToken] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const tempToken = getSession().tempToken;
    // The temporary token lives 5 minutes and another tab may have dropped it.
    if (tempToken === null) {
      setMissingToken(true);
      return;
    }
    setMissingToken(false);
    verify.mutate({ code: code.replace(/\s+/g, ''), tempToken }, { onSuccess: onVerified });
  };
  const busy = verify.isPending || verify.isSuccess;

  return (
    <form className="form" onSubmit={submit} aria-labelledby="login-title">
      <p className="form__hint">{t.hint}</p>
      {missingToken && <Alert tone="error">{fr.errors.sessionExpired}</Alert>}
      {verify.isError && <Alert tone="error">{errorMessage(verify.error, 'twoFactor')}</Alert>}
      <div className="field">
        <label htmlFor="login-code">{t.code}</label>
        <input
          id="login-code"
          className="input input--code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={32}
          // The field receives focus when the step appears, as the user's next action is typing here.
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      <div className="form__actions">
        <button type="button" className="button" onClick={onBack}>
          {t.back}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {verify.isPending ? t.verifying : t.verify}
        </button>
      </div>
    </form>
  );
}
