import type { TaskStatus } from '@jalon/contract';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { fr } from '../../../locales/fr/index.ts';

const tones: Record<TaskStatus, BadgeTone> = {
  todo: 'neutral',
  in_progress: 'info',
  in_review: 'warning',
  done: 'success',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return <StatusBadge tone={tones[status]} label={fr.tasks.statusLabel(status)} />;
}
