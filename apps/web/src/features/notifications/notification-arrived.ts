import type { NotificationList, NotificationStreamEvent } from '@jalon/contract';
import type { QueryClient } from '@tanstack/react-query';
import { showToast } from '../../lib/toasts.ts';
import { fr } from '../../locales/fr/index.ts';
import { inboxKey } from './api/notifications-api.ts';

/**
 * The stream's `notification.created`: the badge takes the new count at once, the inbox is read again,
 * and the shell's polite toast says so.
 */
export function notificationArrived(queryClient: QueryClient, event: NotificationStreamEvent): void {
  queryClient.setQueryData<NotificationList>(inboxKey, (list) => list && { ...list, unread: event.unread });
  void queryClient.invalidateQueries({ queryKey: inboxKey });
  showToast(fr.notifications.arrived);
}
