import { z } from 'zod';
import { idSchema } from './id-schema.ts';

/** How a person is told, and how often mail may leave for them (docs/guides/notifications.md). */
export const NOTIFICATIONS = {
  /** Several changes by one person to one task within this window make one notification. */
  groupWindowMs: 10 * 60_000,
  /** `due_soon` is written once a task assigned to someone is due within this long. */
  dueSoonWithinMs: 24 * 3_600_000,
  /** A mail quotes a comment's first characters only. */
  mailExcerptMax: 280,
  /** The daily digest's hour (server time zone) unless DIGEST_HOUR says otherwise. */
  defaultDigestHour: 8,
  pageDefault: 30,
  pageMax: 100,
} as const;

export const NOTIFICATION_TYPES = [
  'assigned',
  'mentioned',
  'commented',
  'status_changed',
  'due_soon',
  'overdue',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** One entry of the inbox: what happened to which task, by whom (null for the reminders). */
export const notificationSchema = z.object({
  id: idSchema,
  type: z.enum(NOTIFICATION_TYPES),
  task: z.object({ id: idSchema, title: z.string(), projectId: idSchema }),
  actor: z.object({ id: idSchema, username: z.string() }).nullable(),
  /** The comment that caused a `mentioned` or `commented` notification; null otherwise. */
  commentId: idSchema.nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/notifications`: newest first; `before` is the `next` of the previous page. */
export const notificationListQuerySchema = z.strictObject({
  unread: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS.pageMax).default(NOTIFICATIONS.pageDefault),
  before: idSchema.optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** The caller's unread notifications, all pages together. */
  unread: z.int().nonnegative(),
  /** The `before` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationIdParamsSchema = z.object({ id: idSchema });

/** `POST /api/notifications/{id}/read` and `/read-all` answer the caller's unread count afterwards. */
export const notificationUnreadSchema = z.object({ unread: z.int().nonnegative() });
export type NotificationUnread = z.infer<typeof notificationUnreadSchema>;

export const EMAIL_NOTIFICATION_MODES = ['immediate', 'daily', 'off'] as const;
export type EmailNotificationMode = (typeof EMAIL_NOTIFICATION_MODES)[number];

/** `GET` and `PUT /api/me/notification-preferences`; 'Résumé quotidien' (`daily`) by default. */
export const notificationPreferencesSchema = z.strictObject({ email: z.enum(EMAIL_NOTIFICATION_MODES) });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `PUT` / `DELETE /api/tasks/{id}/watch` answer whether the caller now watches the task. */
export const taskWatchSchema = z.object({ watching: z.boolean() });
export type TaskWatch = z.infer<typeof taskWatchSchema>;

/**
 * The stream's personal message: sent only to the streams of the person notified, never content beyond
 * the new unread count (the page reads the inbox for the rest).
 */
export const notificationStreamEventSchema = z.object({
  type: z.literal('notification.created'),
  id: idSchema,
  unread: z.int().nonnegative(),
});
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;

/** `POST /api/notifications/unsubscribe?token=` (RFC 8058 one-click): the signed token from the mail. */
export const notificationUnsubscribeQuerySchema = z.strictObject({
  token: z.string().min(1).max(512),
});
