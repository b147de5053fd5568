import { mentionedIds, NOTIFICATIONS, type NotificationType } from '@jalon/contract';

/** The outbox's names for a notification's own mail, and for a person's daily digest. */
export const NOTIFICATION_MAIL_JOB = 'notification.mail';
export const NOTIFICATION_DIGEST_JOB = 'notification.digest';

/** One notification as a mail tells it, read when the mail leaves. */
export interface MailedNotification {
  type: NotificationType;
  taskId: string;
  title: string;
  actor: string | null;
  /** The comment that caused it, its mentions already written as names; null for the others. */
  comment: string | null;
  /** A `due_soon`'s deadline is tomorrow (the server's time zone) when the mail leaves, or sooner. */
  due: 'tomorrow' | 'sooner' | null;
}

/**
 * Whether a deadline falls on tomorrow in the server's time zone (`TZ`, the digest's too), or sooner: a
 * reminder is written 24 hours ahead, so a deadline at 10:00 is reminded of the same morning.
 */
export function dueDay(deadline: Date, now: Date): 'tomorrow' | 'sooner' {
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return deadline.getFullYear() === tomorrow.getFullYear() &&
    deadline.getMonth() === tomorrow.getMonth() &&
    deadline.getDate() === tomorrow.getDate()
    ? 'tomorrow'
    : 'sooner';
}

/** Where a mail's links go, and the one-click unsubscribe address of its person. */
export interface MailLinks {
  publicUrl: string;
  unsubscribeUrl: string;
}

/** What one notification says, in French, as the inbox says it. */
export function notificationLine(notification: MailedNotification): string {
  const title = `« ${notification.title} »`;
  const actor = notification.actor ?? 'Quelqu’un';
  switch (notification.type) {
    case 'assigned':
      return `${actor} vous a assigné ${title}`;
    case 'mentioned':
      return `${actor} vous a mentionné dans ${title}`;
    case 'commented':
      return `${actor} a commenté ${title}`;
    case 'status_changed':
      return `${actor} a changé le statut de ${title}`;
    case 'due_soon':
      return notification.due === 'tomorrow' ? `Échéance demain : ${title}` : `Échéance proche : ${title}`;
    case 'overdue':
      return `Échéance dépassée : ${title}`;
  }
}

/** A comment's first characters, as a mail quotes it; its mentions (`<@id>`) are named by `names`. */
export function commentExcerpt(body: string, names: Map<string, string>): string {
  let text = body;
  for (const id of mentionedIds(body)) text = text.replaceAll(`<@${id}>`, `@${names.get(id) ?? 'membre'}`);
  return text.length > NOTIFICATIONS.mailExcerptMax
    ? `${text.slice(0, NOTIFICATIONS.mailExcerptMax)}…`
    : text;
}

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const html = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);

const taskUrl = (links: MailLinks, taskId: string) => `${links.publicUrl}/tasks/${taskId}`;

const FOOTER = 'Vous recevez cet e-mail parce que vous suivez cette tâche dans Jalon.';
const SETTINGS = (links: MailLinks) => `Choisir quand recevoir ces e-mails : ${links.publicUrl}/me`;

/** The headers of RFC 2369 and RFC 8058: the mail client's 'Se désabonner' posts to the address. */
const unsubscribeHeaders = (links: MailLinks) => ({
  'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The parts of a mail that are not its address. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** One notification's own mail ('Immédiatement'): what happened, the comment's start, the task's link. */
export function notificationMail(notification: MailedNotification, links: MailLinks): MailContent {
  const line = notificationLine(notification);
  const url = taskUrl(links, notification.taskId);
  const quote = notification.comment === null ? [] : [notification.comment];
  return {
    subject: line,
    text: [
      line,
      '',
      ...quote.flatMap((text) => [text, '']),
      `Ouvrir la tâche : ${url}`,
      '',
      '--',
      FOOTER,
      SETTINGS(links),
    ].join('\n'),
    html: [
      `<p>${html(line)}</p>`,
      ...quote.map((text) => `<blockquote style="white-space: pre-wrap">${html(text)}</blockquote>`),
      `<p><a href="${html(url)}">Ouvrir la tâche</a></p>`,
      `<hr><p>${html(FOOTER)}<br><a href="${html(`${links.publicUrl}/me`)}">Choisir quand recevoir ces e-mails</a></p>`,
    ].join('\n'),
    headers: unsubscribeHeaders(links),
  };
}

/** The daily digest ('Résumé quotidien'): one line and one link per notification, newest first. */
export function digestMail(notifications: MailedNotification[], links: MailLinks): MailContent {
  const count = notifications.length;
  const subject =
    count === 1 ? 'Jalon : 1 nouvelle notification' : `Jalon : ${count} nouvelles notifications`;
  const entries = notifications.map((notification) => ({
    line: notificationLine(notification),
    comment: notification.comment,
    url: taskUrl(links, notification.taskId),
  }));
  return {
    subject,
    text: [
      'Votre résumé quotidien :',
      '',
      ...entries.flatMap((entry) => [
        `- ${entry.line}`,
        ...(entry.comment === null ? [] : [`  ${entry.comment.replaceAll('\n', '\n  ')}`]),
        `  ${entry.url}`,
        '',
      ]),
      '--',
      SETTINGS(links),
    ].join('\n'),
    html: [
      '<p>Votre résumé quotidien :</p>',
      '<ul>',
      ...entries.map(
        (entry) =>
          `<li><a href="${html(entry.url)}">${html(entry.line)}</a>${
            entry.comment === null
              ? ''
              : `<blockquote style="white-space: pre-wrap">${html(entry.comment)}</blockquote>`
          }</li>`,
      ),
      '</ul>',
      `<hr><p><a href="${html(`${links.publicUrl}/me`)}">Choisir quand recevoir ces e-mails</a></p>`,
    ].join('\n'),
    headers: unsubscribeHeaders(links),
  };
}
