import { AUTH } from '@jalon/contract/plain';
import { fr } from '../../../locales/fr/index.ts';
import { useRegenerateBackupCodes } from '../api/regenerate-backup-codes.ts';
import { codeFailureMessage } from '../security-errors.ts';
import { digitsOnly } from './code-field.tsx';
import { ConfirmedCodeForm } from './confirmed-code-form.tsx';

const t = fr.security.backupCodes;

interface RegenerateCodesFormProps {
  onRegenerated: (codes: string[]) => void;
}

/** New backup codes need a current code and an explicit confirmation (SPEC §5): the old ones die. */
export function RegenerateCodesForm({ onRegenerated }: RegenerateCodesFormProps) {
  const regenerate = useRegenerateBackupCodes();
  const serverError = regenerate.isError ? codeFailureMessage(regenerate.error, t.regenerateError) : null;

  return (
    <ConfirmedCodeForm
      id="regenerate-codes"
      texts={{
        heading: t.regenerateHeading,
        codeLabel: t.regenerateCodeLabel,
        hint: t.regenerateHint,
        submit: t.regenerate,
        submitting: t.regenerating,
        confirmTitle: t.regenerateConfirmTitle,
        confirmText: t.regenerateConfirmText,
        confirm: t.regenerateConfirm,
      }}
      normalise={digitsOnly(AUTH.totpDigits)}
      maxLength={AUTH.totpDigits}
      submitClassName="button"
      pending={regenerate.isPending}
      serverError={serverError}
      onConfirm={(code, clear) =>
        regenerate.mutate(code, {
          onSuccess: (codes) => {
            clear();
            onRegenerated(codes);
          },
        })
      }
    />
  );
}
