import { AUTH } from '@jalon/contract/plain';
import { fr } from '../../../locales/fr/index.ts';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes.ts';
import { codeFailureMessage } from '../security-errors.ts';
import { backupCodeChars, digitsOnly } from './code-field.tsx';
import { ConfirmedCodeForm } from './confirmed-code-form.tsx';

const t = fr.security.backupCodes;

interface RegenerateCodesFormProps {
  onRegenerated: (codes: string[]) => void;
  /** No authenticator app (decision 0037): confirm with a backup code or a passkey. */
  passkeyOnly?: boolean;
}

/** New backup codes need a current code and an explicit confirmation: the old ones die. */
export function RegenerateCodesForm({ onRegenerated, passkeyOnly = false }: RegenerateCodesFormProps) {
  const regenerate = useRegenerateBackupCodes();
  const serverError = regenerate.isError ? codeFailureMessage(regenerate.error, t.regenerateError) : null;

  return (
    <ConfirmedCodeForm
      id="regenerate-codes"
      texts={{
        heading: t.regenerateHeading,
        codeLabel: passkeyOnly ? t.regenerateBackupLabel : t.regenerateCodeLabel,
        hint: passkeyOnly ? t.regenerateHintPasskeyOnly : t.regenerateHint,
        submit: t.regenerate,
        submitting: t.regenerating,
        confirmTitle: t.regenerateConfirmTitle,
        confirmText: t.regenerateConfirmText,
        confirm: t.regenerateConfirm,
      }}
      normalise={passkeyOnly ? backupCodeChars : digitsOnly(AUTH.totpDigits)}
      maxLength={passkeyOnly ? AUTH.backupCodeTypedLength : AUTH.totpDigits}
      inputMode={passkeyOnly ? 'text' : 'numeric'}
      submitClassName="button"
      pending={regenerate.isPending}
      serverError={serverError}
      onConfirm={(code, clear) =>
        regenerate.mutate(
          { code },
          {
            onSuccess: (codes) => {
              clear();
              onRegenerated(codes);
            },
          },
        )
      }
      alternative={
        passkeyOnly
          ? {
              label: t.regenerateWithPasskey,
              onConfirm: () => regenerate.mutate({ passkey: true }, { onSuccess: onRegenerated }),
            }
          : undefined
      }
    />
  );
}
