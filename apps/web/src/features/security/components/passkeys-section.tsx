import { useState, type FormEvent } from 'react';
import { AUTH } from '@jalon/contract/plain';
import type { ErrorCode, Passkey } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys.ts';
import { formatDateTime } from '../format-date.ts';
import { codeFailureMessage, failureMessage } from '../security-errors.ts';
import { CodeField, digitsOnly } from './code-field.tsx';
import { ConfirmedCodeForm } from './confirmed-code-form.tsx';

const t = fr.security.passkeys;
const NAME_MAX = 64;

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

/** The passkeys of the 2FA tab (issue 14): list, add with a name and a current code, remove with a code. */
export function PasskeysSection() {
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<{ name?: boolean; code?: boolean }>({});
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    const errors = {
      name: trimmed.length === 0 || trimmed.length > NAME_MAX,
      code: code.length !== AUTH.totpDigits,
    };
    setFormError(errors);
    if (errors.name || errors.code) return;
    setNotice(null);
    add.mutate(
      { name: trimmed, code },
      {
        onSuccess: (passkey) => {
          setName('');
          setNotice(t.addedNotice(passkey.name));
        },
        // The code was spent (or counted) either way: a new one is needed.
        onSettled: () => setCode(''),
      },
    );
  };

  let listBody;
  if (list.isPending) listBody = <Spinner label={t.loading} />;
  else if (list.isError) listBody = <Alert tone="error">{failureMessage(list.error, t.loadError)}</Alert>;
  else if (list.data.length === 0) listBody = <p className="muted">{t.empty}</p>;
  else
    listBody = (
      <ul className="session-list" aria-label={t.listLabel}>
        {list.data.map((passkey) => (
          <li key={passkey.id} className="session" aria-labelledby={`passkey-${passkey.id}-name`}>
            <div className="session__main">
              <p className="session__device" id={`passkey-${passkey.id}-name`}>
                {passkey.name}
              </p>
              <p className="session__meta">
                <span>{t.added(formatDateTime(passkey.createdAt))}</span>
                <span>
                  {passkey.lastUsedAt ? t.lastUsed(formatDateTime(passkey.lastUsedAt)) : t.neverUsed}
                </span>
              </p>
            </div>
            <button
              type="button"
              className="button"
              aria-label={t.removeLabel(passkey.name)}
              onClick={() => {
                remove.reset();
                setNotice(null);
                setRemoving(passkey);
              }}
            >
              {t.remove}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="subsection" aria-labelledby="passkeys-title">
      <h3 id="passkeys-title">{t.heading}</h3>
      <p className="muted">{t.intro}</p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {listBody}
      {removing && (
        <ConfirmedCodeForm
          id="remove-passkey"
          texts={{
            heading: t.removeHeading(removing.name),
            codeLabel: t.removeCodeLabel,
            hint: t.removeHint,
            submit: t.removeSubmit,
            submitting: t.removing,
            confirmTitle: t.removeConfirmTitle,
            confirmText: t.removeConfirmText,
            confirm: t.removeConfirm,
          }}
          normalise={digitsOnly(AUTH.totpDigits)}
          maxLength={AUTH.totpDigits}
          submitClassName="button button--danger"
          pending={remove.isPending}
          serverError={remove.isError ? codeFailureMessage(remove.error, t.removeError) : null}
          onConfirm={(removeCode, clear) =>
            remove.mutate(
              { id: removing.id, code: removeCode },
              {
                onSuccess: () => {
                  setRemoving(null);
                  setNotice(t.removedNotice);
                },
                onSettled: clear,
              },
            )
          }
        />
      )}
      <h4 id="passkey-add-title">{t.addHeading}</h4>
      {!supported ? (
        <p className="muted">{t.unsupported}</p>
      ) : (
        <form className="form" onSubmit={submit} noValidate aria-labelledby="passkey-add-title">
          {add.isError && <Alert tone="error">{addFailure(add.error)}</Alert>}
          <div className="field">
            <label htmlFor="passkey-name">{t.nameLabel}</label>
            <p id="passkey-name-hint" className="field__hint">
              {t.nameHint}
            </p>
            <input
              id="passkey-name"
              className="input"
              maxLength={NAME_MAX}
              autoComplete="off"
              value={name}
              aria-invalid={formError.name ? true : undefined}
              aria-describedby={formError.name ? 'passkey-name-hint passkey-name-error' : 'passkey-name-hint'}
              onChange={(event) => {
                setName(event.target.value);
                setFormError((errors) => ({ ...errors, name: false }));
              }}
            />
            {formError.name && (
              <p id="passkey-name-error" className="field__error" role="alert">
                {t.nameRequired}
              </p>
            )}
          </div>
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
          <div className="form__actions form__actions--start">
            <button type="submit" className="button button--primary" disabled={add.isPending}>
              {add.isPending ? t.adding : t.add}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
