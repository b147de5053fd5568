// What other features show of the notifications (issue 36): a task's 'Suivre' and /me's 'Par e-mail'.
// The app takes the rest from their own files, as it does other screens: the shell's button
// (components/notifications-button.tsx), /notifications (a lazy screen) and what the stream's
// `notification.created` does (notification-arrived.ts). Through this index, /me and the shell would
// carry the inbox's entries, and the task views behind their links.
export { WatchButton } from './components/watch-button.tsx';
export { EmailPreferenceSection } from './components/email-preference.tsx';
