import { projectSchema } from '@jalon/contract';
import type { Project } from '@jalon/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import type { ApiError } from '../../../lib/api-error.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.projects.conflict;

interface ProjectConflictAlertProps {
  error: ApiError;
  onReload: (server: Project | null) => void;
  onDismiss: () => void;
}

/** A 409: the user's change was not applied; show what the server holds and offer to take it. */
export function ProjectConflictAlert({ error, onReload, onDismiss }: ProjectConflictAlertProps) {
  const parsed = projectSchema.safeParse(error.problem?.server);
  const server = parsed.success ? parsed.data : null;
  return (
    <Alert tone="error">
      <p>{t.message}</p>
      {server && <p>{t.serverVersion(server.version, fr.projects.statusLabels[server.status])}</p>}
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
