import type { TaskStatus } from '@jalon/contract';
import { fr } from '../../../locales/fr/index.ts';
import { nextStatus } from '../next-status.ts';
import { StatusIcon } from './task-icons.tsx';

const t = fr.tasks;

interface StatusStepButtonProps {
  title: string;
  status: TaskStatus;
  onStatus: (status: TaskStatus) => void;
}

/**
 * A phone's row changes its task's status with one tap (a select takes two, one to open and one to
 * choose): the button says the status and the one a tap moves to.
 */
export function StatusStepButton({ title, status, onStatus }: StatusStepButtonProps) {
  const next = nextStatus(status);
  return (
    <button
      type="button"
      className={`button button--icon status-step status-step--${status}`}
      aria-label={t.table.stepStatus(title, t.statusLabel(status), t.statusLabel(next))}
      onClick={() => onStatus(next)}
    >
      <StatusIcon status={status} />
    </button>
  );
}
