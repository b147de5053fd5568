import { useState, type FormEvent } from 'react';
import type { LoginResult } from '@jalon/contract';
import { ACCOUNT_LIMITS } from '@jalon/contract/plain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useLogin } from '../api/login.ts';

const t = fr.auth.login;

interface CredentialsFormProps {
  onLoggedIn: (result: LoginResult) => void;
  onForgotPassword: () => void;
}

export function CredentialsForm({ onLoggedIn, onForgotPassword }: CredentialsFormProps) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email: email.trim(), password, rememberMe }, { onSuccess: onLoggedIn });
  };
  // Once signed in the form stays disabled during the short pause before leaving the page.
  const busy = login.isPending || login.isSuccess;

  return (
    <form className="form" onSubmit={submit} aria-labelledby="login-title">
      {login.isError && <Alert tone="error">{errorMessage(login.error, 'login')}</Alert>}
      <Field id="login-email" label={t.email} required>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            name="email"
            autoComplete="username"
            maxLength={ACCOUNT_LIMITS.emailMax}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field id="login-password" label={t.password} required>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            showLabel={t.showPassword}
            hideLabel={t.hidePassword}
          />
        )}
      </Field>
      <div className="form__row">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={rememberMe}
            onChange={(event) => setRememberMe(event.target.checked)}
          />
          {t.rememberMe}
        </label>
        <button type="button" className="link-button" onClick={onForgotPassword}>
          {t.forgotPassword}
        </button>
      </div>
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {login.isPending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
