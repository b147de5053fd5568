import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { useState, type InputHTMLAttributes } from 'react';

interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  id: string;
  showLabel: string;
  hideLabel: string;
}

/**
 * A password field whose visibility toggle is a real, labelled, keyboard-reachable icon button, drawn
 * inside the field's box so the field keeps the full width on a 320 px phone.
 */
export function PasswordInput({ showLabel, hideLabel, className, ...inputProps }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="password-input">
      <input {...inputProps} className={className ?? 'input'} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="password-input__toggle icon-button"
        aria-controls={inputProps.id}
        aria-pressed={visible}
        title={visible ? hideLabel : showLabel}
        onClick={() => setVisible((value) => !value)}
      >
        <Icon aria-hidden="true" focusable="false" size={20} />
        {/* Named by its content, not aria-label: a search by label ('Nouveau mot de passe') finds the field alone. */}
        <span className="visually-hidden">{visible ? hideLabel : showLabel}</span>
      </button>
    </div>
  );
}
