import { useState, type FormEvent } from 'react';
import { AUTH } from '@jalon/contract/plain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { codeFailureMessage, isForbidden } from '../security-errors.ts';
import { CodeField } from './code-field.tsx';

const t = fr.security.disable;

/** SPEC §5: the disable input strips spaces and keeps at most 10 characters. */
export const normaliseDisableCode = (raw: string): string =>
  raw.replace(/\s+/g, '').slice(0, AUTH.disableCodeMaxLength);

interface DisableTwoFactorFormProps {
  onDisabled: () => void;
}

/** Members only (the server refuses administrators); needs a code of 6 characters or more and a confirmation. */
export function DisableTwoFactorForm({ onDisabled }: DisableTwoFactorFormProps) {
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length < AUTH.totpDigits) {
      setTooShort(true);
      return;
    }
    setConfirming(true);
  };

  const confirm = () => {
    setConfirming(false);
    disable.mutate(code, { onSuccess: onDisabled });
  };

  const error = tooShort
    ? fr.security.twoFactor.codeTooShort
    : disable.isError
      ? isForbidden(disable.error)
        ? t.adminNote
        : codeFailureMessage(disable.error, t.error)
      : null;

  return (
    <section className="subsection" aria-labelledby="disable-two-factor-title">
      <h3 id="disable-two-factor-title">{t.heading}</h3>
      <form className="form form--inline" onSubmit={submit} noValidate>
        <CodeField
          id="disable-two-factor-code"
          label={t.codeLabel}
          hint={t.hint}
          value={code}
          onChange={(value) => {
            setCode(value);
            setTooShort(false);
          }}
          normalise={normaliseDisableCode}
          error={error}
        />
        <div className="form__actions form__actions--start">
          <button type="submit" className="button button--danger" disabled={disable.isPending}>
            {disable.isPending ? t.submitting : t.submit}
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title={t.confirmTitle}
          message={t.confirmText}
          confirmLabel={t.confirm}
          cancelLabel={fr.security.confirmCancel}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
