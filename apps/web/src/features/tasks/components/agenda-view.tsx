import type { Label, Member, Task } from '@jalon/contract';
import { formatDay, localDayKey } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';
import { LabelChips } from '../../labels/index.ts';
import { AssigneeLabel } from '../../members/index.ts';
import { DueDate } from './due-date.tsx';
import { TaskLink } from './task-link.tsx';
import { TaskStatusBadge } from './task-status-badge.tsx';

const t = fr.tasks.calendar;

interface AgendaViewProps {
  month: Date;
  byDay: ReadonlyMap<string, readonly Task[]>;
  /** The members directory, for the assignees' names. */
  members: readonly Member[] | undefined;
  /** The device's labels by id, for the chips. */
  labelsById: ReadonlyMap<string, Label>;
}

/** The calendar on a phone: the month's days that have deadlines, one under the other, never wider than the screen. */
export function AgendaView({ month, byDay, members, labelsById }: AgendaViewProps) {
  const days = [...byDay.keys()].filter((key) => key.startsWith(localDayKey(month).slice(0, 7))).sort();
  if (days.length === 0) return <p className="empty-text">{t.noDeadlineThisMonth}</p>;
  return (
    <ol className="agenda" aria-label={t.agenda}>
      {days.map((key) => (
        <li key={key} className="agenda__day" data-date={key}>
          <h3 className="agenda__date">{formatDay(new Date(`${key}T00:00:00`))}</h3>
          <ul className="agenda__tasks">
            {byDay.get(key)!.map((task) => (
              <li key={task.id} className="agenda__task">
                <span className="calendar__task-title">
                  <TaskLink taskId={task.id}>{task.title || fr.tasks.untitled}</TaskLink>
                </span>
                <LabelChips labelIds={task.labels} byId={labelsById} />
                <AssigneeLabel assigneeId={task.assignee} members={members} />
                <TaskStatusBadge status={task.status} />
                <DueDate task={task} show="late-only" />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
