import type { ReactNode } from 'react';

/** What the control inside a `Field` spreads on itself, so it is named, described and marked as the field says. */
export interface FieldControlProps {
  id: string;
  required?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  /** The control's id; the hint and the error take it as their prefix. */
  id: string;
  label: ReactNode;
  /** Read with the control (between the label and it, where it is seen before typing). */
  hint?: ReactNode;
  /** Why the value is refused, under the control and read with it; nothing when null or absent. */
  error?: ReactNode;
  required?: boolean;
  /** Marks the control refused without a message of its own (the form's alert says it). */
  invalid?: boolean;
  /** More elements that describe the control (a password's list of checks), by id. */
  describedBy?: string;
  /** Extra classes on the field's box (`field--code`, `toolbar__grow`…). */
  className?: string;
  /** The control itself, given the props that tie it to this label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * One form field: its label, its control, an optional hint and the reason it is refused. The control is
 * described by the hint and the error, so a screen reader reads them when the control takes focus, and
 * the error is announced the moment it appears.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  invalid,
  describedBy,
  className,
  children,
}: FieldProps) {
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const described = [hint ? hintId : null, describedBy ?? null, hasError ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const control: FieldControlProps = {
    id,
    ...(required && { required: true }),
    ...((hasError || invalid) && { 'aria-invalid': true }),
    ...(described !== '' && { 'aria-describedby': described }),
  };
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {children(control)}
      {hasError && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
