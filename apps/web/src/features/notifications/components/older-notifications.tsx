import type { Notification } from '@jalon/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { fetchOlderInbox, inboxKey } from '../api/notifications-api.ts';
import { NotificationList } from './notification-list.tsx';

const t = fr.notifications;

interface OlderNotificationsProps {
  /** The `next` of the inbox's first page: the older pages start there. */
  after: string;
  now: Date;
  onOpen: (item: Notification) => void;
}

/**
 * The inbox past its first page, read one page at a time when the person asks ('Afficher les plus
 * anciennes'), online only: the device keeps the first page, the one the badge and the panel show.
 */
export function OlderNotifications({ after, now, onOpen }: OlderNotificationsProps) {
  const [asked, setAsked] = useState(false);
  const older = useInfiniteQuery({
    queryKey: [...inboxKey, 'older', after],
    queryFn: ({ pageParam, signal }) => fetchOlderInbox(pageParam, signal),
    initialPageParam: after,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: asked,
  });
  const items = older.data?.pages.flatMap((page) => page.items) ?? [];
  const more = !asked || older.hasNextPage;
  return (
    <>
      {items.length > 0 && <NotificationList items={items} now={now} onOpen={onOpen} />}
      {older.isError && <Alert tone="error">{`${t.olderFailed} : ${errorMessage(older.error)}`}</Alert>}
      {more && (
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={older.isFetching}
            onClick={() => (asked ? void older.fetchNextPage() : setAsked(true))}
          >
            {older.isFetching ? t.loadingOlder : t.older}
          </button>
        </div>
      )}
    </>
  );
}
