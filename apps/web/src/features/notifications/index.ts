// The notifications (issue 36): the shell's button and its inbox, /notifications, a task's 'Suivre', the
// e-mail preference of /me, and what the live stream's `notification.created` does.
export { NotificationsButton } from './components/notifications-button.tsx';
export { NotificationsPage } from './components/notifications-page.tsx';
export { WatchButton } from './components/watch-button.tsx';
export { EmailPreferenceSection } from './components/email-preference.tsx';
export { notificationArrived } from './use-inbox.ts';
