import type { Task } from '@jalon/contract';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { useTaskRestore } from '../api/task-restore.ts';

const t = taskPage.deleted;

interface DeletedTaskProps {
  /** The task as this page last showed it, before it was deleted. */
  task: Task;
  title: ReactNode;
  actions: ReactNode;
}

/**
 * The page of a task deleted while it was open: 'Tâche introuvable.', and 'Restaurer' for whoever may
 * delete it (the server says so in the task's permissions). Once restored, the device's copy has it
 * again and the page shows it.
 */
export function DeletedTask({ task, title, actions }: DeletedTaskProps) {
  const restore = useTaskRestore();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = () => {
    setBusy(true);
    setFailure(null);
    restore(task.id)
      .catch((error: unknown) => setFailure(t.failed(errorMessage(error))))
      .finally(() => setBusy(false));
  };
  return (
    <div className="task-detail">
      <div className="task-detail__head">
        {title}
        <div className="inline-actions">
          {task.permissions.canDelete && (
            <button type="button" className="button button--primary" disabled={busy} onClick={run}>
              {busy ? t.restoring : t.restore}
            </button>
          )}
          {actions}
        </div>
      </div>
      <p>{t.was(task.title || fr.tasks.untitled)}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}
