import { taskSchema } from '@jalon/contract';
import type { Task } from '@jalon/contract';
import { ConflictAlert } from '../../../components/ui/conflict-alert.tsx';
import type { ApiError } from '../../../lib/api-error.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.tasks.conflict;

interface TaskConflictAlertProps {
  error: ApiError;
  onReload: (server: Task | null) => void;
  onDismiss: () => void;
}

/** Reads the task the 409 carries (if any) and words its version for the shared alert. */
export function TaskConflictAlert({ error, onReload, onDismiss }: TaskConflictAlertProps) {
  const parsed = taskSchema.safeParse(error.problem?.server);
  const server = parsed.success ? parsed.data : null;
  return (
    <ConflictAlert
      texts={t}
      serverVersion={server && t.serverVersion(server.version, server.title || fr.tasks.untitled, fr.tasks.statusLabel(server.status))}
      onReload={() => onReload(server)}
      onDismiss={onDismiss}
    />
  );
}
