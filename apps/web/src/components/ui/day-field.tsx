import type { ReactNode } from 'react';
import { Field } from './field.tsx';

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
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} invalid={missing}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="date"
          min={min}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
