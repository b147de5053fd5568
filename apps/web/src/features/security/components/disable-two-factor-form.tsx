import { AUTH } from '@jalon/contract/plain';
import { fr } from '../../../locales/fr/index.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { codeFailureMessage, isForbidden } from '../security-errors.ts';
import { ConfirmedCodeForm } from './confirmed-code-form.tsx';

const t = fr.security.disable;

/** The disable input strips spaces and keeps at most 10 characters. */
export const normaliseDisableCode = (raw: string): string =>
  raw.replace(/\s+/g, '').slice(0, AUTH.disableCodeMaxLength);

interface DisableTwoFactorFormProps {
  onDisabled: () => void;
}

/** Members only (the server refuses administrators); needs a code of 6 characters or more and a confirmation. */
export function DisableTwoFactorForm({ onDisabled }: DisableTwoFactorFormProps) {
  const disable = useDisableTwoFactor();
  const serverError = disable.isError
    ? isForbidden(disable.error)
      ? t.adminNote
      : codeFailureMessage(disable.error, t.error)
    : null;

  return (
    <ConfirmedCodeForm
      id="disable-two-factor"
      texts={{
        heading: t.heading,
        codeLabel: t.codeLabel,
        hint: t.hint,
        submit: t.submit,
        submitting: t.submitting,
        confirmTitle: t.confirmTitle,
        confirmText: t.confirmText,
        confirm: t.confirm,
      }}
      normalise={normaliseDisableCode}
      submitClassName="button button--danger"
      pending={disable.isPending}
      serverError={serverError}
      onConfirm={(code) => disable.mutate(code, { onSuccess: onDisabled })}
    />
  );
}
