import { useState, type FormEvent } from 'react';
import { AUTH } from '@jalon/contract/plain';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { CodeField } from './code-field.tsx';

export interface ConfirmedCodeTexts {
  heading: string;
  codeLabel: string;
  hint: string;
  submit: string;
  submitting: string;
  confirmTitle: string;
  confirmText: string;
  confirm: string;
}

interface ConfirmedCodeFormProps {
  /** Prefix of the section's ids (`<id>-title`, `<id>-code`). */
  id: string;
  texts: ConfirmedCodeTexts;
  normalise: (raw: string) => string;
  maxLength?: number;
  submitClassName: string;
  pending: boolean;
  /** The server's refusal, already worded; shown under the field unless the code is too short. */
  serverError: string | null;
  /** Called once the user confirmed; `clear` empties the field (for when the code is spent). */
  onConfirm: (code: string, clear: () => void) => void;
  inputMode?: 'numeric' | 'text';
  /** Another way to prove it is the person (a passkey), confirmed by the same question. */
  alternative?: { label: string; onConfirm: () => void };
}

/**
 * A code of at least `AUTH.totpDigits` characters, then an explicit confirmation before anything is sent:
 * the security actions that cannot be undone all follow this flow.
 */
export function ConfirmedCodeForm({
  id,
  texts,
  normalise,
  maxLength,
  submitClassName,
  pending,
  serverError,
  onConfirm,
  inputMode,
  alternative,
}: ConfirmedCodeFormProps) {
  const [code, setCode] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [confirming, setConfirming] = useState<'code' | 'alternative' | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length < AUTH.totpDigits) {
      setTooShort(true);
      return;
    }
    setConfirming('code');
  };

  const confirm = () => {
    setConfirming(null);
    if (confirming === 'alternative') alternative?.onConfirm();
    else onConfirm(code, () => setCode(''));
  };

  const error = tooShort ? fr.security.twoFactor.codeTooShort : serverError;

  return (
    <section className="subsection" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{texts.heading}</h3>
      <form className="form form--inline" onSubmit={submit} noValidate>
        <CodeField
          id={`${id}-code`}
          label={texts.codeLabel}
          hint={texts.hint}
          value={code}
          onChange={(value) => {
            setCode(value);
            setTooShort(false);
          }}
          normalise={normalise}
          maxLength={maxLength}
          error={error}
          inputMode={inputMode}
        />
        <div className="form__actions form__actions--start">
          <button type="submit" className={submitClassName} disabled={pending}>
            {pending ? texts.submitting : texts.submit}
          </button>
          {alternative && (
            <button
              type="button"
              className="button"
              disabled={pending}
              onClick={() => setConfirming('alternative')}
            >
              {alternative.label}
            </button>
          )}
        </div>
      </form>
      {confirming && (
        <ConfirmDialog
          title={texts.confirmTitle}
          message={texts.confirmText}
          confirmLabel={texts.confirm}
          cancelLabel={fr.security.confirmCancel}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
