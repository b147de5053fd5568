import { taskSchema } from '@jalon/contract';
import type { Task } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import type { ApiError } from '../../../lib/api-error.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.tasks.conflict;

interface TaskConflictAlertProps {
  error: ApiError;
  onReload: (server: Task | null) => void;
  onDismiss: () => void;
}

/** A 409: the change was not applied; show what the server holds now and offer to take it. */
export function TaskConflictAlert({ error, onReload, onDismiss }: TaskConflictAlertProps) {
  const parsed = taskSchema.safeParse(error.problem?.server);
  const server = parsed.success ? parsed.data : null;
  return (
    <Alert tone="error">
      <p>{t.message}</p>
      {server && (
        <p>{t.serverVersion(server.version, server.title || fr.tasks.untitled, fr.tasks.statusLabel(server.status))}</p>
      )}
      <div className="inline-actions">
        <button type="button" className="button button--primary" onClick={() => onReload(server)}>
          {t.reload}
        </button>
        <button type="button" className="button" onClick={onDismiss}>
          {t.dismiss}
        </button>
      </div>
    </Alert>
  );
}
