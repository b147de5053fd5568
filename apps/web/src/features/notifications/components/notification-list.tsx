import type { Notification } from '@jalon/contract';
import { memo, useMemo } from 'react';
import { formatDateTime } from '../../../lib/dates.ts';
import { relativeAge } from '../../../lib/relative-age.ts';
import { fr } from '../../../locales/fr/index.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { TaskLink } from '../../tasks/index.ts';
import { notificationText } from '../inbox-model.ts';

const t = fr.notifications;

interface NotificationListProps {
  items: readonly Notification[];
  /** When the list was read: the ages count from it. */
  now: Date;
  /** An entry is opened: it is marked read (and the panel that shows it closes). */
  onOpen: (item: Notification) => void;
}

/**
 * The entries, newest first: each says what happened in French, how long ago, and opens its task. An
 * unread one is bold with a dot, and its link's name starts with 'Non lue :'.
 */
export const NotificationList = memo(function NotificationList({
  items,
  now,
  onOpen,
}: NotificationListProps) {
  const work = useWork();
  // 'Échéance demain' reads the task's deadline from the device's copy.
  const deadlines = useMemo(() => new Map(work.tasks.map((task) => [task.id, task.deadline])), [work.tasks]);
  if (items.length === 0) return <p className="empty-text">{t.empty}</p>;
  return (
    <ul className="notifications" aria-label={t.listLabel}>
      {items.map((item) => {
        const unread = item.readAt === null;
        const age = relativeAge(item.createdAt, now);
        return (
          <li key={item.id} className={unread ? 'notification notification--unread' : 'notification'}>
            {unread && <span className="notification__dot" aria-hidden="true" />}
            <TaskLink taskId={item.task.id} className="notification__link" onOpen={() => onOpen(item)}>
              {unread && <span className="visually-hidden">{t.unread} </span>}
              {notificationText(item, deadlines.get(item.task.id) ?? null, now)}
            </TaskLink>
            <time
              className="notification__age"
              dateTime={item.createdAt}
              title={formatDateTime(item.createdAt)}
            >
              {t.ago(age.amount, age.unit)}
            </time>
          </li>
        );
      })}
    </ul>
  );
});
