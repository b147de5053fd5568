import type { FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { REDIRECT } from '@jalon/contract/plain';
import { NewPasswordFields, useNewPassword } from '../../../components/new-password-fields.tsx';
import { TokenPage } from '../../../components/token-page.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const t = fr.auth.resetPassword;

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigateLater = useDelayedNavigate();
  const reset = useResetPassword();
  const newPassword = useNewPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newPassword.confirmed()) return;
    reset.mutate(
      { token, password: newPassword.password },
      { onSuccess: () => navigateLater('/login', REDIRECT.afterResetMs) },
    );
  };

  return (
    <TokenPage titleId="reset-title" words={t} token={token}>
      <form className="form" onSubmit={submit} aria-labelledby="reset-title">
        {newPassword.mismatch && <Alert tone="error">{t.mismatch}</Alert>}
        {reset.isError && <Alert tone="error">{errorMessage(reset.error, 'reset')}</Alert>}
        {reset.isSuccess && <Alert tone="success">{t.success}</Alert>}
        <NewPasswordFields
          state={newPassword}
          passwordId="reset-password"
          confirmId="reset-confirm"
          labels={t}
          strengthMeter={(password, checksId) => (
            <PasswordStrengthMeter password={password} checksId={checksId} />
          )}
          named
        />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={reset.isPending || reset.isSuccess}
        >
          {reset.isPending ? t.submitting : t.submit}
        </button>
      </form>
    </TokenPage>
  );
}
