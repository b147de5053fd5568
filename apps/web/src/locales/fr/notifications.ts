import type { EmailNotificationMode } from '@jalon/contract';
import { dashboard } from './dashboard.ts';

/** A task's title between French quotes, as every entry names it. */
const quoted = (title: string) => `« ${title} »`;

export const notifications = {
  title: 'Notifications',
  /** The shell's button: its name says how many are unread, for the badge is only seen. */
  button: (unread: number) =>
    unread === 0 ? 'Notifications' : `Notifications, ${unread} non ${unread === 1 ? 'lue' : 'lues'}`,
  listLabel: 'Notifications reçues',
  markAllRead: 'Tout marquer comme lu',
  older: 'Afficher les plus anciennes',
  loadingOlder: 'Chargement des plus anciennes…',
  olderFailed: 'Les notifications plus anciennes n’ont pas pu être lues',
  seeAll: 'Voir toutes les notifications',
  close: 'Fermer les notifications',
  empty: 'Aucune notification pour l’instant.',
  loading: 'Chargement des notifications…',
  loadFailed: 'Les notifications n’ont pas pu être chargées',
  offlineCopy: 'Hors ligne : voici les notifications que cet appareil a reçues en dernier.',
  readFailed: 'La notification n’a pas pu être marquée comme lue',
  /** Read before an unread entry's sentence: the dot beside it is only seen. */
  unread: 'Non lue :',
  arrived: 'Nouvelle notification.',
  /** For an entry whose author is unknown (a member since removed). */
  someone: 'Quelqu’un',
  entries: {
    assigned: (name: string, title: string) => `${name} vous a assigné ${quoted(title)}`,
    mentioned: (name: string, title: string) => `${name} vous a mentionné dans ${quoted(title)}`,
    commented: (name: string, title: string) => `${name} a commenté ${quoted(title)}`,
    status_changed: (name: string, title: string) => `${name} a changé le statut de ${quoted(title)}`,
    due_tomorrow: (title: string) => `Échéance demain : ${quoted(title)}`,
    due_soon: (title: string) => `Échéance proche : ${quoted(title)}`,
    overdue: (title: string) => `Échéance dépassée : ${quoted(title)}`,
  },
  /** 'il y a 5 m', as the dashboard's activity says it. */
  ago: dashboard.activity.ago,
  watch: {
    follow: 'Suivre',
    unfollow: 'Ne plus suivre',
    hint: 'Vous êtes prévenu des commentaires et des changements de statut de cette tâche.',
    failed: 'Le suivi de la tâche n’a pas pu être changé',
  },
  email: {
    heading: 'Notifications',
    label: 'Par e-mail',
    hint: 'Quand Jalon vous écrit pour vos notifications.',
    modes: {
      immediate: 'Immédiatement',
      daily: 'Résumé quotidien',
      off: 'Jamais',
    } satisfies Record<EmailNotificationMode, string>,
    loading: 'Chargement de la préférence…',
    loadFailed: 'La préférence n’a pas pu être lue',
    saving: 'Enregistrement…',
    saved: 'Préférence enregistrée.',
    saveFailed: 'La préférence n’a pas pu être enregistrée',
  },
} as const;
