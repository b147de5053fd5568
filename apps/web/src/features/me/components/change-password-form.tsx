import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import {
  NewPasswordFields,
  useNewPassword,
  type NewPasswordLabels,
} from '../../../components/new-password-fields.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { PasswordStrengthMeter } from '../../auth/index.ts';
import { useChangePassword } from '../api/change-password.ts';

const t = fr.me.password;
const labels: NewPasswordLabels = {
  password: t.next,
  confirm: t.confirm,
  showPassword: t.show.next,
  hidePassword: t.hide.next,
  showConfirm: t.show.confirm,
  hideConfirm: t.hide.confirm,
};

/** Current password, new one (with the advisory strength meter) and its confirmation. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!newPassword.confirmed()) return;
    change.mutate(
      { currentPassword: current, newPassword: newPassword.password },
      {
        onSuccess: () => {
          setCurrent('');
          newPassword.clear();
        },
      },
    );
  };

  return (
    <form className="form" aria-labelledby="me-password-title" onSubmit={submit}>
      <h2 id="me-password-title">{t.heading}</h2>
      <p className="form__hint">{t.hint}</p>
      {newPassword.mismatch && <Alert tone="error">{t.mismatch}</Alert>}
      {change.isError && <Alert tone="error">{`${t.failed} : ${errorMessage(change.error)}`}</Alert>}
      {change.isSuccess && <Alert tone="success">{t.done(change.data.revokedSessions)}</Alert>}
      <Field id="me-current-password" label={t.current} required>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            showLabel={t.show.current}
            hideLabel={t.hide.current}
          />
        )}
      </Field>
      <NewPasswordFields
        state={newPassword}
        passwordId="me-new-password"
        confirmId="me-confirm-password"
        labels={labels}
        strengthMeter={(password, checksId) => (
          <PasswordStrengthMeter password={password} checksId={checksId} />
        )}
      />
      <button type="submit" className="button button--primary" disabled={change.isPending}>
        {change.isPending ? t.submitting : t.submit}
      </button>
    </form>
  );
}
