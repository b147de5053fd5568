import { projectSchema } from '@jalon/contract';
import type { Project } from '@jalon/contract';
import { ConflictAlert } from '../../../components/ui/conflict-alert.tsx';
import type { ApiError } from '../../../lib/api-error.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.projects.conflict;

interface ProjectConflictAlertProps {
  error: ApiError;
  onReload: (server: Project | null) => void;
  onDismiss: () => void;
}

/** Reads the project the 409 carries (if any) and words its version for the shared alert. */
export function ProjectConflictAlert({ error, onReload, onDismiss }: ProjectConflictAlertProps) {
  const parsed = projectSchema.safeParse(error.problem?.server);
  const server = parsed.success ? parsed.data : null;
  return (
    <ConflictAlert
      texts={t}
      serverVersion={server && t.serverVersion(server.version, fr.projects.statusLabels[server.status])}
      onReload={() => onReload(server)}
      onDismiss={onDismiss}
    />
  );
}
