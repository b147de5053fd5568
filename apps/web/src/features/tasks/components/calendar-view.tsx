import type { Task } from '@jalon/contract';
import { useId, useMemo, useState } from 'react';
import { formatDay, formatMonth, localDayKey } from '../../../lib/dates.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { fr } from '../../../locales/fr/index.ts';
import { LabelChips } from '../../labels/index.ts';
import { AssigneeLabel, useMembers } from '../../members/index.ts';
import { useTaskFamily } from '../hooks/use-task-family.ts';
import { monthGrid } from '../calendar-grid.ts';
import { AgendaView } from './agenda-view.tsx';
import { DueDate } from './due-date.tsx';
import { TaskLink } from './task-link.tsx';
import { TaskStatusBadge } from './task-status-badge.tsx';

const t = fr.tasks.calendar;
const PER_DAY = 3;

/**
 * A month grid, or on a phone (where seven columns would not fit) an agenda; each task sits on the day of
 * its deadline.
 */
export function CalendarView({ tasks }: { tasks: readonly Task[] }) {
  const phone = useMediaQuery(PHONE_QUERY);
  const members = useMembers();
  const { labelsById } = useTaskFamily();
  const captionId = useId();
  const [month, setMonth] = useState(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), 1);
  });
  // The day whose every task shows, past the first PER_DAY: one at a time, so the month stays readable.
  const [openDay, setOpenDay] = useState<string | null>(null);
  // Read once per set of tasks, not on each render (a month turned, a day opened).
  const { byDay, withoutDeadline } = useMemo(() => {
    const map = new Map<string, Task[]>();
    let undated = 0;
    for (const task of tasks) {
      if (!task.deadline) {
        undated += 1;
        continue;
      }
      const key = localDayKey(new Date(task.deadline));
      const list = map.get(key);
      if (list) list.push(task);
      else map.set(key, [task]);
    }
    return { byDay: map, withoutDeadline: undated };
  }, [tasks]);
  const weeks = monthGrid(month.getFullYear(), month.getMonth());
  const shift = (delta: number) => setMonth(new Date(month.getFullYear(), month.getMonth() + delta, 1));
  const today = localDayKey(new Date());

  return (
    <div className="calendar">
      <div className="inline-actions calendar__nav">
        <button type="button" className="button" onClick={() => shift(-1)}>
          {t.previous}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            const now = new Date();
            setMonth(new Date(now.getFullYear(), now.getMonth(), 1));
          }}
        >
          {t.today}
        </button>
        <button type="button" className="button" onClick={() => shift(1)}>
          {t.next}
        </button>
      </div>
      {phone ? (
        <>
          <h2 className="calendar__month" aria-live="polite">
            {formatMonth(month)}
          </h2>
          <AgendaView month={month} byDay={byDay} members={members.data} labelsById={labelsById} />
        </>
      ) : (
        // On a tablet beside the navigation the month is wider than its box: the box scrolls, and takes the
        // keyboard's focus so that arrows can scroll it too.
        <div className="calendar__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="calendar__grid">
            <caption id={captionId} aria-live="polite">
              {formatMonth(month)}
            </caption>
            <thead>
              <tr>
                {t.weekdays.map((day) => (
                  <th key={day.long} scope="col">
                    <abbr title={day.long}>{day.short}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={localDayKey(week[0]!.date)}>
                  {week.map(({ date, inMonth }) => {
                    const key = localDayKey(date);
                    const dayTasks = byDay.get(key) ?? [];
                    return (
                      <td
                        key={key}
                        data-date={key}
                        className={`calendar__day${inMonth ? '' : ' calendar__day--outside'}${key === today ? ' calendar__day--today' : ''}`}
                        aria-current={key === today ? 'date' : undefined}
                      >
                        <span className="calendar__number" aria-hidden="true">
                          {date.getDate()}
                        </span>
                        <span className="visually-hidden">{formatDay(date)}</span>
                        {dayTasks.length > 0 && (
                          <ul className="calendar__tasks">
                            {(openDay === key ? dayTasks : dayTasks.slice(0, PER_DAY)).map((task) => (
                              <li key={task.id} className="calendar__task">
                                <span className="calendar__task-title">
                                  <TaskLink taskId={task.id}>{task.title || fr.tasks.untitled}</TaskLink>
                                </span>
                                <LabelChips labelIds={task.labels} byId={labelsById} />
                                <AssigneeLabel assigneeId={task.assignee} members={members.data} />
                                <TaskStatusBadge status={task.status} />
                                <DueDate task={task} show="late-only" />
                              </li>
                            ))}
                            {dayTasks.length > PER_DAY && (
                              <li>
                                <button
                                  type="button"
                                  className="link-button"
                                  aria-expanded={openDay === key}
                                  aria-label={
                                    openDay === key
                                      ? t.fewerOf(formatDay(date))
                                      : t.moreOf(dayTasks.length - PER_DAY, formatDay(date))
                                  }
                                  onClick={() => setOpenDay(openDay === key ? null : key)}
                                >
                                  {openDay === key ? t.fewer : t.more(dayTasks.length - PER_DAY)}
                                </button>
                              </li>
                            )}
                          </ul>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {withoutDeadline > 0 && <p className="muted-text">{t.withoutDeadline(withoutDeadline)}</p>}
    </div>
  );
}
