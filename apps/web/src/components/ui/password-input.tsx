import { useState, type InputHTMLAttributes } from 'react';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  showLabel: string;
  hideLabel: string;
}

/** A password field whose visibility toggle is a real, labelled, keyboard-reachable button. */
export function PasswordInput({ showLabel, hideLabel, className, ...inputProps }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input {...inputProps} className={className ?? 'input'} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="password-input__toggle"
        aria-controls={inputProps.id}
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? hideLabel : showLabel}
      </button>
    </div>
  );
}
