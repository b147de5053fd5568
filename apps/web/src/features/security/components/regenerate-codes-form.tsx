import { useState, type FormEvent } from 'react';
import { AUTH } from '@jalon/contract/plain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes.ts';
import { codeFailureMessage } from '../security-errors.ts';
import { CodeField, digitsOnly } from './code-field.tsx';

const t = fr.security.backupCodes;

interface RegenerateCodesFormProps {
  onRegenerated: (codes: string[]) => void;
}

/** New backup codes need a current code and an explicit confirmation (SPEC §5): the old ones die. */
export function RegenerateCodesForm({ onRegenerated }: RegenerateCodesFormProps) {
  const regenerate = useRegenerateBackupCodes();
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
    regenerate.mutate(code, {
      onSuccess: (codes) => {
        setCode('');
        onRegenerated(codes);
      },
    });
  };

  const error = tooShort
    ? fr.security.twoFactor.codeTooShort
    : regenerate.isError
      ? codeFailureMessage(regenerate.error, t.regenerateError)
      : null;

  return (
    <section className="subsection" aria-labelledby="regenerate-codes-title">
      <h3 id="regenerate-codes-title">{t.regenerateHeading}</h3>
      <form className="form form--inline" onSubmit={submit} noValidate>
        <CodeField
          id="regenerate-codes-code"
          label={t.regenerateCodeLabel}
          hint={t.regenerateHint}
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
          <button type="submit" className="button" disabled={regenerate.isPending}>
            {regenerate.isPending ? t.regenerating : t.regenerate}
          </button>
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title={t.regenerateConfirmTitle}
          message={t.regenerateConfirmText}
          confirmLabel={t.regenerateConfirm}
          cancelLabel={fr.security.confirmCancel}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
