import Bell from 'lucide-react/icons/bell';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCloseOnEscape } from '../../../lib/escape-layers.ts';
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
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useCloseOnEscape(open, () => {
    setOpen(false);
    buttonRef.current?.focus();
  });
  const close = useCallback(() => setOpen(false), []);

  return (
    <div className="notifications-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button notifications-button"
        aria-label={t.button(unread)}
        title={t.title}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <BellWithBadge unread={unread} />
      </button>
      <section id={panelId} className="notifications-menu__panel" aria-labelledby={titleId} hidden={!open}>
        {open && (
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
      </section>
    </div>
  );
}
