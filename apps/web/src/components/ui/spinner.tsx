interface SpinnerProps {
  label: string;
}

/** Announced once to screen readers; the spinning ring itself is decoration. */
export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}

export function FullPageSpinner({ label }: SpinnerProps) {
  return (
    <div className="full-page-center">
      <Spinner label={label} />
    </div>
  );
}
