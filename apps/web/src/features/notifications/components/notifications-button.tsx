import Bell from 'lucide-react/icons/bell';
import { lazy, Suspense, useId } from 'react';
import { Link, useLocation } from 'wouter';
import { Popover } from '../../../components/ui/popover.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/notifications.css';
import { useInbox } from '../use-inbox.ts';

const t = fr.notifications;

// The entries (and the task links they open) load with the panel's first opening, not with the shell:
// the button needs only the count (issue 17).
const InboxView = lazy(async () => ({ default: (await import('./inbox-view.tsx')).InboxView }));

/** The bell and its count; the count is only seen, the control's name says it. */
const BellWithBadge = ({ unread }: { unread: number }) => (
  <>
    <Bell aria-hidden="true" focusable="false" size={20} />
    {unread > 0 && (
      <span className="notifications-badge" aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    )}
  </>
);

/**
 * 'Notifications' in the shell, named with the unread count ('Notifications, 3 non lues'). On a desk it
 * opens the inbox in a panel under it; on a phone (`compact`) it is a link to /notifications.
 */
export function NotificationsButton({ compact = false }: { compact?: boolean }) {
  const inbox = useInbox();
  const [pathname] = useLocation();
  const unread = inbox.list?.unread ?? 0;
  if (compact)
    return (
      <Link
        to="/notifications"
        className="icon-button notifications-button"
        aria-label={t.button(unread)}
        aria-current={pathname === '/notifications' ? 'page' : undefined}
      >
        <BellWithBadge unread={unread} />
      </Link>
    );
  return <DeskInbox inbox={inbox} unread={unread} />;
}

function DeskInbox({ inbox, unread }: { inbox: ReturnType<typeof useInbox>; unread: number }) {
  const titleId = useId();
  return (
    <Popover
      button={{
        className: 'icon-button notifications-button',
        'aria-label': t.button(unread),
        title: t.title,
        children: <BellWithBadge unread={unread} />,
      }}
      align="start"
      panelClassName="notifications-menu__panel"
      labelledBy={titleId}
    >
      {(close) => (
        <>
          <h2 id={titleId} className="notifications-menu__title">
            {t.title}
          </h2>
          <Suspense fallback={<Spinner label={t.loading} />}>
            <InboxView inbox={inbox} onOpened={close} />
          </Suspense>
          <p className="notifications-menu__all">
            <Link to="/notifications" onClick={close}>
              {t.seeAll}
            </Link>
          </p>
        </>
      )}
    </Popover>
  );
}
