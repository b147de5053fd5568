import type { Notification, NotificationList } from '@jalon/contract';
import { localDayKey } from '../../lib/dates.ts';
import { fr } from '../../locales/fr/index.ts';

const t = fr.notifications;

/**
 * The inbox as the person sees it: the server's (or the device's last) list, with the reads not yet sent
 * shown as done, and the unread count lowered by them.
 */
export function withReads(
  list: NotificationList,
  readIds: ReadonlySet<string>,
  at: string,
): NotificationList {
  let read = 0;
  const items = list.items.map((item) => {
    if (item.readAt !== null || !readIds.has(item.id)) return item;
    read += 1;
    return { ...item, readAt: at };
  });
  return read === 0 ? list : { ...list, items, unread: Math.max(0, list.unread - read) };
}

/** The ids of the entries still unread, for 'Tout marquer comme lu'. */
export const unreadIds = (list: NotificationList): string[] =>
  list.items.filter((item) => item.readAt === null).map((item) => item.id);

/**
 * An entry in French. `deadline` is the task's, from the device's copy when it has the task: a `due_soon`
 * says 'Échéance demain' when that is the person's tomorrow now, and 'Échéance proche' otherwise (today,
 * or a deadline the copy does not know).
 */
export function notificationText(item: Notification, deadline: string | null, now: Date): string {
  const title = item.task.title;
  const name = item.actor?.username ?? t.someone;
  switch (item.type) {
    case 'assigned':
    case 'mentioned':
    case 'commented':
    case 'status_changed':
      return t.entries[item.type](name, title);
    case 'due_soon':
      return deadline !== null && isTomorrow(deadline, now)
        ? t.entries.due_tomorrow(title)
        : t.entries.due_soon(title);
    case 'overdue':
      return t.entries.overdue(title);
  }
}

function isTomorrow(deadline: string, now: Date): boolean {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return localDayKey(new Date(deadline)) === localDayKey(tomorrow);
}
