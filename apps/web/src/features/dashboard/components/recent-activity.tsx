import type { AuditEntry } from '@jalon/contract';
import { memo, useId } from 'react';
import { formatDateTime } from '../../../lib/dates.ts';
import { ActivityIcon, activityFamily } from '../../../components/ui/activity-icon.tsx';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { relativeAge } from '../../../lib/relative-age.ts';
import { activityText, actorName } from '../dashboard-model.ts';

const t = dashboard.activity;

function ActivityItem({ entry, now }: { entry: AuditEntry; now: Date }) {
  const family = activityFamily(entry.type);
  const age = relativeAge(entry.createdAt, now);
  return (
    <li className="dash-activity__item" data-family={family}>
      <span className="dash-activity__icon">
        <ActivityIcon family={family} />
      </span>
      <span className="visually-hidden">{t.family[family]} :</span>
      <div className="dash-activity__body">
        <p className="dash-activity__text">
          <strong>{actorName(entry.user)}</strong> {activityText(entry)}
        </p>
        <p className="dash-activity__meta">
          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> ·{' '}
          {t.ago(age.amount, age.unit)}
        </p>
      </div>
    </li>
  );
}

/** 'Activité récente': the first 12 audit entries. */
export const RecentActivity = memo(function RecentActivity({
  entries,
  now,
  loading,
}: {
  entries: readonly AuditEntry[];
  now: Date;
  loading: boolean;
}) {
  const headingId = useId();
  return (
    <section className="dash-panel" aria-labelledby={headingId} aria-busy={loading}>
      <h2 id={headingId}>{t.title}</h2>
      {entries.length === 0 ? (
        !loading && <p className="empty-text">{t.empty}</p>
      ) : (
        <ul className="dash-activity">
          {entries.map((entry) => (
            <ActivityItem key={entry.id} entry={entry} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
});
