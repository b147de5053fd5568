import { useLayoutEffect, useRef, useId, type KeyboardEvent } from 'react';
import { keepTabInside } from '../../lib/focus-trap.ts';

/** One more choice of a dialog, after the safe one. */
export interface DialogChoice {
  label: string;
  onChoose: () => void;
  tone?: 'primary' | 'danger';
}

export interface ChoiceDialogProps {
  title: string;
  message: string;
  cancelLabel: string;
  onCancel: () => void;
  choices: readonly DialogChoice[];
  /** Disables every choice while one is being carried out. */
  busy?: boolean;
}

/**
 * A modal question (role alertdialog). Focus starts on the safe choice (cancel), stays inside while open,
 * Escape cancels, and goes back to the control that opened it on close.
 */
export function ChoiceDialog({
  title,
  message,
  cancelLabel,
  onCancel,
  choices,
  busy = false,
}: ChoiceDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  // In the commit that opens the dialog: a key pressed right after the click that opened it (Enter, Esc)
  // must reach the dialog (React may run a plain effect after the paint).
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    keepTabInside(event, dialogRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
  };

  return (
    <div className="dialog-backdrop">
      <div
        ref={dialogRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-message`}>{message}</p>
        <div className="form__actions">
          <button ref={cancelRef} type="button" className="button" disabled={busy} onClick={onCancel}>
            {cancelLabel}
          </button>
          {choices.map((choice) => (
            <button
              key={choice.label}
              type="button"
              className={`button${choice.tone ? ` button--${choice.tone}` : ''}`}
              disabled={busy}
              onClick={choice.onChoose}
            >
              {choice.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A confirmation for an irreversible action: cancel, or the one dangerous choice. */
export function ConfirmDialog({ confirmLabel, onConfirm, ...props }: ConfirmDialogProps) {
  return <ChoiceDialog {...props} choices={[{ label: confirmLabel, onChoose: onConfirm, tone: 'danger' }]} />;
}
