import { useState, type ReactNode } from 'react';
import { Field } from './ui/field.tsx';
import { PasswordInput } from './ui/password-input.tsx';

/** The French words of one screen's pair of fields (each screen says "new password" its own way). */
export interface NewPasswordLabels {
  password: string;
  confirm: string;
  showPassword: string;
  hidePassword: string;
  showConfirm: string;
  hideConfirm: string;
}

/** State of a new password and its confirmation; `confirmed()` is the submit-time check. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  return {
    password,
    setPassword,
    confirmation,
    setConfirmation,
    mismatch,
    /** True when both fields agree; otherwise raises `mismatch` so the screen shows its alert. */
    confirmed: () => {
      const same = password === confirmation;
      setMismatch(!same);
      return same;
    },
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}

interface NewPasswordFieldsProps {
  state: ReturnType<typeof useNewPassword>;
  passwordId: string;
  confirmId: string;
  labels: NewPasswordLabels;
  /**
   * The strength meter (advice only, it never blocks) lives in the auth feature; it is passed in so this shared piece
   * imports no feature (the invitation page gets it from its route).
   */
  strengthMeter: (password: string, checksId: string) => ReactNode;
  /** The `name` attributes password managers key on, for the public pages that have them. */
  named?: boolean;
}

/** New password (described by the meter's list of checks) and its confirmation. */
export function NewPasswordFields({
  state,
  passwordId,
  confirmId,
  labels,
  strengthMeter,
  named = false,
}: NewPasswordFieldsProps) {
  const checksId = `${passwordId}-checks`;
  return (
    <>
      <Field id={passwordId} label={labels.password} required describedBy={checksId}>
        {(control) => (
          <>
            <PasswordInput
              {...control}
              name={named ? 'new-password' : undefined}
              autoComplete="new-password"
              value={state.password}
              onChange={(event) => state.setPassword(event.target.value)}
              showLabel={labels.showPassword}
              hideLabel={labels.hidePassword}
            />
            {strengthMeter(state.password, checksId)}
          </>
        )}
      </Field>
      <Field id={confirmId} label={labels.confirm} required>
        {(control) => (
          <PasswordInput
            {...control}
            name={named ? 'confirm-password' : undefined}
            autoComplete="new-password"
            value={state.confirmation}
            onChange={(event) => state.setConfirmation(event.target.value)}
            showLabel={labels.showConfirm}
            hideLabel={labels.hideConfirm}
          />
        )}
      </Field>
    </>
  );
}
