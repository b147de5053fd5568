import { DASHBOARD } from '@jalon/contract/plain';
import type { UpcomingDeadline } from '@jalon/contract';
import { memo, useId } from 'react';
import { formatDayShort } from '../../../lib/dates.ts';
import { Link } from 'wouter';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { TaskLink } from '../../tasks/index.ts';
import { calendarDaysUntil, deadlineLevel } from '../dashboard-model.ts';

const t = dashboard;

function Item({ item, now }: { item: UpcomingDeadline; now: Date }) {
  const level = deadlineLevel(item.deadline, now);
  const days = Math.max(0, calendarDaysUntil(item.deadline, now));
  return (
    <li className="dash-upcoming__item">
      <span className={`dash-badge dash-badge--${level}`} data-level={level}>
        <span aria-hidden="true">{level === 'overdue' ? t.projects.overdue : t.projects.daysLeft(days)}</span>
        <span className="visually-hidden">{t.upcoming.level[level]}</span>
      </span>
      <span className="dash-upcoming__text">
        {item.kind === 'task' ? (
          <TaskLink taskId={item.id}>{item.title}</TaskLink>
        ) : (
          <Link to={`/projects/${item.projectId}`}>{item.title}</Link>
        )}
        <span className="dash-upcoming__meta">
          {t.upcoming.kind[item.kind]} ·{' '}
          <time dateTime={item.deadline}>{formatDayShort(new Date(item.deadline))}</time>
        </span>
      </span>
    </li>
  );
}

/** 'Échéances à venir': 8 project and task deadlines, earliest first, with four badge levels. */
export const UpcomingDeadlines = memo(function UpcomingDeadlines({
  items,
  now,
}: {
  items: readonly UpcomingDeadline[];
  now: Date;
}) {
  const headingId = useId();
  return (
    <section className="dash-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.upcoming.title}</h2>
      {items.length === 0 ? (
        <p className="empty-text">{t.upcoming.empty}</p>
      ) : (
        <ol className="dash-upcoming">
          {items.slice(0, DASHBOARD.upcomingDeadlines).map((item) => (
            <Item key={`${item.kind}-${item.id}`} item={item} now={now} />
          ))}
        </ol>
      )}
    </section>
  );
});
