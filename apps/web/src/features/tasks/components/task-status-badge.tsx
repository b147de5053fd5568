import type { TaskPriority, TaskStatus } from '@jalon/contract';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { PriorityIcon, StatusIcon } from './task-icons.tsx';

export const STATUS_TONES: Record<TaskStatus, BadgeTone> = {
  todo: 'neutral',
  in_progress: 'info',
  in_review: 'warning',
  done: 'success',
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <StatusBadge
      tone={STATUS_TONES[status]}
      label={fr.tasks.statusLabel(status)}
      icon={<StatusIcon status={status} />}
    />
  );
}

export function TaskPriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <StatusBadge
      tone={priority === 'high' ? 'danger' : 'neutral'}
      label={fr.tasks.priorityLabels[priority]}
      icon={<PriorityIcon priority={priority} />}
    />
  );
}
