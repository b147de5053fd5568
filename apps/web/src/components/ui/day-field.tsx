import type { ReactNode } from 'react';

interface DayFieldProps {
  id: string;
  label: string;
  /** The input's value: '' or `YYYY-MM-DD`. */
  value: string;
  onChange: (value: string) => void;
  /** Why the value is refused (shown under the field and read with it), or null. */
  error: string | null;
  hint?: ReactNode;
  required?: boolean;
  min?: string;
  /** Marks a required field left empty, without a message of its own (the form's says it). */
  missing?: boolean;
}

/** A day picked for a deadline, with its hint and the reason it is refused under it. */
export function DayField({ id, label, value, onChange, error, hint, required, min, missing }: DayFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="date"
        required={required}
        min={min}
        aria-invalid={error !== null || missing || undefined}
        aria-describedby={described || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
