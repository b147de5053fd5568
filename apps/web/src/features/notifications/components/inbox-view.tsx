import type { Notification } from '@jalon/contract';
import { useCallback, type MouseEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import type { Inbox } from '../use-inbox.ts';
import { NotificationList } from './notification-list.tsx';
import { OlderNotifications } from './older-notifications.tsx';

const t = fr.notifications;

/**
 * The inbox's body, in the desk's panel and on /notifications: 'Tout marquer comme lu', the device's copy
 * said as such when the server cannot be reached, and the entries.
 */
export function InboxView({ inbox, onOpened }: { inbox: Inbox; onOpened?: () => void }) {
  const { read, readAll } = inbox;
  // The second click of a double click (detail 2) would ask again before the button is gone.
  const readAllOnce = useCallback(
    (event: MouseEvent<HTMLButtonElement>) => {
      if (event.detail <= 1) readAll();
    },
    [readAll],
  );
  const open = useCallback(
    (item: Notification) => {
      if (item.readAt === null) read([item.id]);
      onOpened?.();
    },
    [read, onOpened],
  );
  if (inbox.status === 'loading') return <Spinner label={t.loading} />;
  if (!inbox.list)
    return (
      <Alert tone="error">
        {inbox.error ? `${t.loadFailed} : ${errorMessage(inbox.error)}` : `${t.loadFailed}.`}
      </Alert>
    );
  return (
    <>
      {inbox.fromCopy && <p className="form__hint">{t.offlineCopy}</p>}
      {inbox.list.unread > 0 && (
        <div className="button-row">
          <button type="button" className="button" onClick={readAllOnce}>
            {t.markAllRead}
          </button>
        </div>
      )}
      <NotificationList items={inbox.list.items} now={inbox.readAt} onOpen={open} />
      {!inbox.fromCopy && inbox.list.next !== null && (
        <OlderNotifications after={inbox.list.next} now={inbox.readAt} onOpen={open} />
      )}
    </>
  );
}
