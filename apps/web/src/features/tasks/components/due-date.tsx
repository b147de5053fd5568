import type { Task } from '@jalon/contract';
import AlarmClock from 'lucide-react/icons/alarm-clock';
import { useState } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';
import { isOverdue } from '../deadline.ts';

const t = fr.tasks.dueDate;

interface DueDateProps {
  task: Pick<Task, 'deadline' | 'status'>;
  /**
   * 'day': the day alone (a table's deadline column names it); 'labelled': 'Échéance : 15 janvier 2030'
   * (a card); 'late-only': only the late badge (a calendar entry, which sits on its day already).
   */
  show: 'day' | 'labelled' | 'late-only';
  /** What a task without a deadline shows (nothing by default). */
  empty?: string;
}

/**
 * A task's due date as kanban cards, calendar entries and table rows show it, with 'En retard' in words
 * (a red badge, never the colour alone) once the deadline has passed on a task not done.
 */
export function DueDate({ task, show, empty }: DueDateProps) {
  // Read as the entry is drawn; a screen that stays open long is redrawn by its refreshes and live updates.
  const [now] = useState(() => Date.now());
  if (task.deadline === null) return empty ? <span className="muted-text">{empty}</span> : null;
  const late = isOverdue(task, now);
  const day = formatDay(task.deadline);
  return (
    <span className="due-date">
      {show !== 'late-only' && <span>{show === 'labelled' ? t.on(day) : day}</span>}
      {late && (
        <StatusBadge
          tone="danger"
          label={t.overdue}
          icon={<AlarmClock aria-hidden="true" focusable="false" size={16} />}
        />
      )}
    </span>
  );
}
