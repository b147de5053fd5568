import { useState } from 'react';
import { AUTH } from '@jalon/contract/plain';
import type { Passkey, PasskeyRegistered } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { fr } from '../../../locales/fr/index.ts';
import { usePasskeys, useRemovePasskey } from '../api/passkeys.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { codeFailureMessage, failureMessage } from '../security-errors.ts';
import { backupCodeChars, digitsOnly } from './code-field.tsx';
import { ConfirmedCodeForm } from './confirmed-code-form.tsx';
import { PasskeyAddForm, type PasskeyMode } from './passkey-add-form.tsx';

const t = fr.security.passkeys;

function removeFailure(error: unknown): string {
  // The browser's own refusal of the confirming key (cancelled, timed out) is not the server's.
  if (!isApiError(error)) return t.stepUpCancelled;
  if (
    error.code === 'last_second_factor' ||
    error.code === 'passkey_invalid' ||
    error.code === 'passkey_challenge_expired'
  )
    return fr.problemMessages[error.code];
  return codeFailureMessage(error, t.removeError);
}

interface PasskeysSectionProps {
  mode: PasskeyMode;
  /** A key was added: the first one turned 2FA on (backup codes, and a session from a forced enrolment). */
  onAdded?: (result: PasskeyRegistered) => void;
  /** A key was removed; `wasLast` when it was the account's only factor (2FA is now off). */
  onRemoved?: (wasLast: boolean) => void;
}

/**
 * The passkeys of the 2FA tab (issue 14, decisions 0023 and 0037): list, add with a name, remove with
 * confirmation. As the account's first factor ('first') there is no list yet and no proof to give.
 */
export function PasskeysSection({ mode, onAdded, onRemoved }: PasskeysSectionProps) {
  const list = usePasskeys(mode !== 'first');
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const passkeyOnly = mode === 'passkeyOnly';
  const isLast = passkeyOnly && list.data?.length === 1;

  const removeWith = (passkey: Passkey, proof: { code: string } | { passkey: true }, clear?: () => void) =>
    remove.mutate(
      { id: passkey.id, proof },
      {
        onSuccess: () => {
          setRemoving(null);
          setNotice(t.removedNotice);
          onRemoved?.(isLast);
        },
        onSettled: clear,
      },
    );

  let listBody = null;
  if (mode === 'first') listBody = null;
  else if (list.isPending) listBody = <Spinner label={t.loading} />;
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
      <h3 id="passkeys-title">{mode === 'first' ? t.firstHeading : t.heading}</h3>
      <p className="muted">{mode === 'first' ? t.firstIntro : t.intro}</p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {listBody}
      {removing && (
        <ConfirmedCodeForm
          id="remove-passkey"
          texts={{
            heading: t.removeHeading(removing.name),
            codeLabel: passkeyOnly ? t.removeBackupLabel : t.removeCodeLabel,
            hint: passkeyOnly ? t.removeBackupHint : t.removeHint,
            submit: t.removeSubmit,
            submitting: t.removing,
            confirmTitle: t.removeConfirmTitle,
            confirmText: isLast ? t.removeLastText : t.removeConfirmText,
            confirm: t.removeConfirm,
          }}
          normalise={passkeyOnly ? backupCodeChars : digitsOnly(AUTH.totpDigits)}
          maxLength={passkeyOnly ? AUTH.backupCodeTypedLength : AUTH.totpDigits}
          inputMode={passkeyOnly ? 'text' : 'numeric'}
          submitClassName="button button--danger"
          pending={remove.isPending}
          serverError={remove.isError ? removeFailure(remove.error) : null}
          onConfirm={(code, clear) => removeWith(removing, { code }, clear)}
          alternative={
            passkeyOnly
              ? { label: t.removeWithPasskey, onConfirm: () => removeWith(removing, { passkey: true }) }
              : undefined
          }
        />
      )}
      {mode !== 'first' && <h4 id="passkey-add-title">{t.addHeading}</h4>}
      {!supported ? (
        <p className="muted">{t.unsupported}</p>
      ) : (
        <PasskeyAddForm
          mode={mode}
          onAdded={(result) => {
            setNotice(result.backupCodes ? null : t.addedNotice(result.name));
            onAdded?.(result);
          }}
        />
      )}
    </section>
  );
}
