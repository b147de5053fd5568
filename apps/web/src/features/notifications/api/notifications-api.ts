import type {
  EmailNotificationMode,
  NotificationList,
  NotificationPreferences,
  NotificationUnread,
  TaskWatch,
} from '@jalon/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { contractSchema } from '../../../lib/contract-check/answer-check.ts';

export const inboxKey = ['notifications', 'inbox'] as const;

/** The inbox's first page, newest first, with the caller's unread count over every page. */
export const fetchInbox = (signal?: AbortSignal): Promise<NotificationList> =>
  apiRequest('/notifications', {
    schema: contractSchema('notificationListSchema'),
    ...(signal && { signal }),
  });

/** An older page of the inbox: the notifications before `before` (the `next` of the page above). */
export const fetchOlderInbox = (before: string, signal?: AbortSignal): Promise<NotificationList> =>
  apiRequest(`/notifications?before=${encodeURIComponent(before)}`, {
    schema: contractSchema('notificationListSchema'),
    ...(signal && { signal }),
  });

export const inboxQueryOptions = () =>
  queryOptions({ queryKey: inboxKey, queryFn: ({ signal }) => fetchInbox(signal) });

/** `POST /api/notifications/{id}/read`: answers the unread count afterwards. */
export const markRead = (id: string): Promise<NotificationUnread> =>
  apiRequest(`/notifications/${encodeURIComponent(id)}/read`, {
    method: 'POST',
    schema: contractSchema('notificationUnreadSchema'),
  });

export const markAllRead = (): Promise<NotificationUnread> =>
  apiRequest('/notifications/read-all', {
    method: 'POST',
    schema: contractSchema('notificationUnreadSchema'),
  });

export const preferencesKey = ['notifications', 'preferences'] as const;

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }): Promise<NotificationPreferences> =>
      apiRequest('/me/notification-preferences', {
        schema: contractSchema('notificationPreferencesSchema'),
        signal,
      }),
  });

export const savePreferences = (email: EmailNotificationMode): Promise<NotificationPreferences> =>
  apiRequest('/me/notification-preferences', {
    method: 'PUT',
    body: { email },
    schema: contractSchema('notificationPreferencesSchema'),
  });

export const watchKey = (taskId: string) => ['notifications', 'watch', taskId] as const;

/**
 * Whether the caller watches a task: the task's own answer says it (`watching`), which the watch schema
 * reads out of it.
 */
export const watchQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: watchKey(taskId),
    queryFn: ({ signal }): Promise<TaskWatch> =>
      apiRequest(`/tasks/${encodeURIComponent(taskId)}`, {
        schema: contractSchema('taskWatchSchema'),
        signal,
      }),
  });

/** `PUT` follows the task, `DELETE` stops following it; both answer `watching` afterwards. */
export const setWatching = (taskId: string, watching: boolean): Promise<TaskWatch> =>
  apiRequest(`/tasks/${encodeURIComponent(taskId)}/watch`, {
    method: watching ? 'PUT' : 'DELETE',
    schema: contractSchema('taskWatchSchema'),
  });
