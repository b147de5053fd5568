import { AUTH } from '@jalon/contract/plain';
import { Field } from '../../../components/ui/field.tsx';

interface CodeFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Cleans what was typed or pasted (strip spaces, keep digits, cap the length). */
  normalise: (raw: string) => string;
  /** Set on the element where the browser should stop typing itself. */
  maxLength?: number;
  error?: string | null;
  hint?: string;
  /** 'text' for backup codes (letters and digits). */
  inputMode?: 'numeric' | 'text';
}

/** A one-time-code input: numeric keypad on phones, autofill from the OS, errors tied to the field. */
export function CodeField({
  id,
  label,
  value,
  onChange,
  normalise,
  maxLength,
  error,
  hint,
  inputMode = 'numeric',
}: CodeFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className="field--code">
      {(control) => (
        <input
          {...control}
          className="input input--code"
          inputMode={inputMode}
          autoCapitalize={inputMode === 'text' ? 'characters' : undefined}
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(normalise(event.target.value))}
        />
      )}
    </Field>
  );
}

export const digitsOnly =
  (max: number) =>
  (raw: string): string =>
    raw.replace(/\D+/g, '').slice(0, max);

/** A backup code as typed or pasted: letters and digits with an optional dash, upper case (BACKUP_CODE_PATTERN). */
export const backupCodeChars = (raw: string): string =>
  raw
    .replace(/[^A-Za-z0-9-]+/g, '')
    .toUpperCase()
    .slice(0, AUTH.backupCodeTypedLength);
