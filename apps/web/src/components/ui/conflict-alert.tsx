import { Alert } from './alert.tsx';

export interface ConflictAlertTexts {
  message: string;
  reload: string;
  dismiss: string;
}

interface ConflictAlertProps {
  texts: ConflictAlertTexts;
  /** What the server holds now, already worded; null when its answer carried no readable version. */
  serverVersion: string | null;
  onReload: () => void;
  onDismiss: () => void;
}

/** A 409: the user's change was not applied; show what the server holds and offer to take it. */
export function ConflictAlert({ texts, serverVersion, onReload, onDismiss }: ConflictAlertProps) {
  return (
    <Alert tone="error">
      <p>{texts.message}</p>
      {serverVersion !== null && <p>{serverVersion}</p>}
      <div className="inline-actions">
        <button type="button" className="button button--primary" onClick={onReload}>
          {texts.reload}
        </button>
        <button type="button" className="button" onClick={onDismiss}>
          {texts.dismiss}
        </button>
      </div>
    </Alert>
  );
}
