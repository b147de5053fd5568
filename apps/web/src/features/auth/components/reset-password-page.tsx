import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { REDIRECT } from '@jalon/contract/plain';
import { Alert } from '../../../components/ui/alert.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const t = fr.auth.resetPassword;

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    reset.mutate({ token, password }, { onSuccess: () => navigateLater('/login', REDIRECT.afterResetMs) });
  };

  return (
    <section className="login" aria-labelledby="reset-title">
      <p className="login__brand">{fr.common.productName}</p>
      <h1 id="reset-title">{t.title}</h1>
      <p className="form__hint">{t.hint}</p>
      {token === '' ? (
        <Alert tone="error">{t.missingToken}</Alert>
      ) : (
        <form className="form" onSubmit={submit} aria-labelledby="reset-title">
          {mismatch && <Alert tone="error">{t.mismatch}</Alert>}
          {reset.isError && <Alert tone="error">{errorMessage(reset.error, 'reset')}</Alert>}
          {reset.isSuccess && <Alert tone="success">{t.success}</Alert>}
          <div className="field">
            <label htmlFor="reset-password">{t.password}</label>
            <PasswordInput
              id="reset-password"
              name="new-password"
              autoComplete="new-password"
              required
              aria-describedby="reset-password-checks"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              showLabel={t.showPassword}
              hideLabel={t.hidePassword}
            />
            <PasswordStrengthMeter password={password} checksId="reset-password-checks" />
          </div>
          <div className="field">
            <label htmlFor="reset-confirm">{t.confirm}</label>
            <PasswordInput
              id="reset-confirm"
              name="confirm-password"
              autoComplete="new-password"
              required
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              showLabel={t.showConfirm}
              hideLabel={t.hideConfirm}
            />
          </div>
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={reset.isPending || reset.isSuccess}
          >
            {reset.isPending ? t.submitting : t.submit}
          </button>
        </form>
      )}
      <button type="button" className="link-button login__back" onClick={() => void navigate('/login')}>
        {t.backToLogin}
      </button>
    </section>
  );
}
