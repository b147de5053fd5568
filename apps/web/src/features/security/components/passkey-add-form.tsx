import { useState, type FormEvent } from 'react';
import { ACCOUNT_LIMITS, AUTH, BACKUP_CODE_PATTERN } from '@jalon/contract/plain';
import type { ErrorCode, PasskeyRegistered } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useAddPasskey, type FactorProof } from '../api/passkeys.ts';
import { codeFailureMessage } from '../security-errors.ts';
import { backupCodeChars, CodeField, digitsOnly } from './code-field.tsx';

const t = fr.security.passkeys;

const PASSKEY_PROBLEMS: readonly ErrorCode[] = [
  'passkey_challenge_expired',
  'passkey_invalid',
  'passkey_already_registered',
  'too_many_passkeys',
];

/** A refusal from the server has its words; the browser's own (cancelled, timed out) say so. */
function addFailure(error: unknown): string {
  if (!isApiError(error)) return t.addCancelled;
  if (error.code && PASSKEY_PROBLEMS.includes(error.code)) return fr.problemMessages[error.code];
  return codeFailureMessage(error, t.addError);
}

/**
 * Which second factor the account has, hence how adding a key is confirmed: nothing for the first
 * factor, a TOTP code, or (passkeys only) one of the keys or a backup code (decision 0037).
 */
export type PasskeyMode = 'first' | 'totp' | 'passkeyOnly';

interface PasskeyAddFormProps {
  mode: PasskeyMode;
  onAdded: (result: PasskeyRegistered) => void;
}

export function PasskeyAddForm({ mode, onAdded }: PasskeyAddFormProps) {
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<{ name?: boolean; code?: boolean }>({});

  const proofOf = (): FactorProof => {
    if (mode === 'first') return null;
    if (mode === 'passkeyOnly' && code === '') return { passkey: true };
    return { code };
  };
  const codeIsValid = () =>
    mode === 'first' ||
    (mode === 'totp' ? code.length === AUTH.totpDigits : code === '' || BACKUP_CODE_PATTERN.test(code));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    const errors = {
      name: trimmed.length === 0 || trimmed.length > ACCOUNT_LIMITS.passkeyNameMax,
      code: !codeIsValid(),
    };
    setFormError(errors);
    if (errors.name || errors.code) return;
    add.mutate(
      { name: trimmed, proof: proofOf() },
      {
        onSuccess: (result) => {
          setName('');
          onAdded(result);
        },
        // The code was spent (or counted) either way: a new one is needed.
        onSettled: () => setCode(''),
      },
    );
  };

  const codeField =
    mode === 'totp' ? (
      <CodeField
        id="passkey-code"
        label={t.addCodeLabel}
        value={code}
        onChange={(value) => {
          setCode(value);
          setFormError((errors) => ({ ...errors, code: false }));
        }}
        normalise={digitsOnly(AUTH.totpDigits)}
        maxLength={AUTH.totpDigits}
        error={formError.code ? fr.security.twoFactor.codeTooShort : null}
      />
    ) : mode === 'passkeyOnly' ? (
      <CodeField
        id="passkey-code"
        label={t.backupCodeLabel}
        hint={t.backupCodeHint}
        inputMode="text"
        value={code}
        onChange={(value) => {
          setCode(value);
          setFormError((errors) => ({ ...errors, code: false }));
        }}
        normalise={backupCodeChars}
        maxLength={AUTH.backupCodeTypedLength}
        error={formError.code ? t.backupMalformed : null}
      />
    ) : null;

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-labelledby={mode === 'first' ? 'passkeys-title' : 'passkey-add-title'}
    >
      {add.isError && <Alert tone="error">{addFailure(add.error)}</Alert>}
      <Field
        id="passkey-name"
        label={t.nameLabel}
        hint={t.nameHint}
        error={formError.name ? t.nameRequired : null}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            maxLength={ACCOUNT_LIMITS.passkeyNameMax}
            autoComplete="off"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setFormError((errors) => ({ ...errors, name: false }));
            }}
          />
        )}
      </Field>
      {codeField}
      <div className="form__actions form__actions--start">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? t.adding : mode === 'first' ? t.firstAdd : t.add}
        </button>
      </div>
    </form>
  );
}
