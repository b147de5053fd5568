import type { TaskPriority, TaskStatus } from '@jalon/contract';
import type { LucideIcon } from 'lucide-react';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowRight from 'lucide-react/icons/arrow-right';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Circle from 'lucide-react/icons/circle';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleDashed from 'lucide-react/icons/circle-dashed';
import Eye from 'lucide-react/icons/eye';

const STATUS_ICONS: Record<TaskStatus, LucideIcon> = {
  todo: Circle,
  in_progress: CircleDashed,
  in_review: Eye,
  done: CircleCheck,
};

const PRIORITY_ICONS: Record<TaskPriority, LucideIcon> = {
  high: ArrowUp,
  medium: ArrowRight,
  low: ArrowDown,
};

/** Decorative: the status is always written beside it. */
export function StatusIcon({ status }: { status: TaskStatus }) {
  const Icon = STATUS_ICONS[status];
  return <Icon aria-hidden="true" focusable="false" size={16} />;
}

/** Decorative: the priority is always written beside it. */
export function PriorityIcon({ priority }: { priority: TaskPriority }) {
  const Icon = PRIORITY_ICONS[priority];
  return <Icon aria-hidden="true" focusable="false" size={16} />;
}
