import type { Label, Member, Task } from '@jalon/contract';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { scrollWindowRows, useOverscan, useRowMeasuring } from '../../../components/ui/virtual-list.tsx';
import { formatDay, localDayKey } from '../../../lib/dates.ts';
import { usePageOffset } from '../../../lib/use-page-offset.ts';
import { fr } from '../../../locales/fr/index.ts';
import { LabelChips } from '../../labels/index.ts';
import { AssigneeLabel } from '../../members/index.ts';
import { DueDate } from './due-date.tsx';
import { TaskLink } from './task-link.tsx';
import { TaskStatusBadge } from './task-status-badge.tsx';

const t = fr.tasks.calendar;
// A day's height before ResizeObserver measures it: its date and a few tasks of two lines at 360 px.
const DAY_PX = 400;
// The space between two days, inside each day's box: placed one by one, the days no longer take the list's gap.
const DAY_GAP = '0.75rem';

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
  const monthKey = localDayKey(month).slice(0, 7);
  const days = useMemo(
    () => [...byDay.keys()].filter((key) => key.startsWith(monthKey)).sort(),
    [byDay, monthKey],
  );
  if (days.length === 0) return <p className="empty-text">{t.noDeadlineThisMonth}</p>;
  return <AgendaDays days={days} byDay={byDay} members={members} labelsById={labelsById} />;
}

/**
 * The days, only those in view mounted, scrolling with the page like the task table: a month of a
 * 2,000-task project holds hundreds of deadlines, and rendering them all made the phone's calendar its
 * slowest screen (issue 40). Each day is one item, measured as it renders.
 */
function AgendaDays({
  days,
  byDay,
  members,
  labelsById,
}: Omit<AgendaViewProps, 'month'> & { days: readonly string[] }) {
  const listRef = useRef<HTMLOListElement>(null);
  const scrollMargin = usePageOffset(listRef);
  const overscan = useOverscan(1);
  const virtualizer = useWindowVirtualizer({
    count: days.length,
    getItemKey: (index) => days[index]!,
    ...useRowMeasuring<Window>(DAY_PX),
    scrollToFn: scrollWindowRows,
    scrollMargin,
    overscan,
  });
  return (
    <ol
      ref={listRef}
      className="agenda"
      aria-label={t.agenda}
      style={{ position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const key = days[item.index]!;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-setsize={days.length}
            aria-posinset={item.index + 1}
            className="agenda__day"
            data-date={key}
            style={{
              position: 'absolute',
              insetInline: 0,
              top: 0,
              paddingBottom: DAY_GAP,
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
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
        );
      })}
    </ol>
  );
}
