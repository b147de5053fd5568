import { useState, type FormEvent } from 'react';
import type { AdminMember } from '@jalon/contract';
import { AUTH } from '@jalon/contract/plain';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useResetMemberTwoFactor } from '../api/admin-members.ts';

const t = fr.members.admin;

interface ResetTwoFactorFormProps {
  member: AdminMember;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** The step-up: the administrator's own current code before a member's 2FA is erased. */
export function ResetTwoFactorForm({ member, onDone, onCancel }: ResetTwoFactorFormProps) {
  const reset = useResetMemberTwoFactor();
  const [code, setCode] = useState('');
  const [tooShort, setTooShort] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleaned = code.replace(/\s+/g, '');
    if (cleaned.length < AUTH.totpDigits) {
      setTooShort(true);
      return;
    }
    reset.mutate({ id: member.id, code: cleaned }, { onSuccess: () => onDone(t.resetDone(member.username)) });
  };

  const error = tooShort
    ? t.codeTooShort
    : reset.isError
      ? `${t.resetError} : ${errorMessage(reset.error)}`
      : null;
  return (
    <section className="card" aria-labelledby="reset-2fa-title">
      <h2 id="reset-2fa-title">{t.resetHeading(member.username)}</h2>
      <p className="muted">{t.resetIntro}</p>
      <form className="form form--inline" onSubmit={submit} noValidate>
        <Field id="reset-2fa-code" label={t.resetCodeLabel} error={error}>
          {(control) => (
            <input
              {...control}
              className="input input--code"
              autoComplete="one-time-code"
              spellCheck={false}
              // A TOTP code (6 digits) or a backup code (10 characters, shown with a dash).
              maxLength={AUTH.backupCodeTypedLength}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setTooShort(false);
              }}
            />
          )}
        </Field>
        <div className="form__actions form__actions--start">
          <button type="submit" className="button button--danger" disabled={reset.isPending}>
            {reset.isPending ? t.resetSubmitting : t.resetSubmit}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t.confirmCancel}
          </button>
        </div>
      </form>
    </section>
  );
}
