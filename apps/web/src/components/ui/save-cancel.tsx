import type { KeyboardEvent } from 'react';

interface SaveCancelProps {
  save: string;
  cancel: string;
  /** Keeps the save button off while what was typed cannot be saved (a blank title). */
  disabled?: boolean;
  small?: boolean;
  /** Without it, the save button submits its form. */
  onSave?: () => void;
  onCancel: () => void;
}

/** An edit's two buttons: save (the form's submit unless `onSave` is given) and cancel. */
export function SaveCancel({
  save,
  cancel,
  disabled = false,
  small = false,
  onSave,
  onCancel,
}: SaveCancelProps) {
  const size = small ? ' button--small' : '';
  return (
    <div className="inline-actions">
      <button
        type={onSave ? 'button' : 'submit'}
        className={`button button--primary${size}`}
        disabled={disabled}
        onClick={onSave}
      >
        {save}
      </button>
      <button type="button" className={`button${size}`} onClick={onCancel}>
        {cancel}
      </button>
    </div>
  );
}

/** An inline edit form's key handler: Esc cancels it, as its 'Annuler' does. */
export const cancelOnEscape =
  (onCancel: () => void) =>
  (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
