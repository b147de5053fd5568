import type { ProjectStatus } from '@jalon/contract';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { fr } from '../../../locales/fr/index.ts';

const tones: Record<ProjectStatus, BadgeTone> = {
  active: 'info',
  on_hold: 'warning',
  completed: 'success',
  cancelled: 'danger',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <StatusBadge tone={tones[status]} label={fr.projects.statusLabels[status]} />;
}
