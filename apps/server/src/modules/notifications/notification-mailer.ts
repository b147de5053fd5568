import { sql, type SQL } from 'drizzle-orm';
import { mentionedIds, type NotificationType } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Mail, MailTransport } from '../mail/mail-transport.ts';
import type { JobHandler } from '../outbox/outbox.ts';
import {
  commentExcerpt,
  digestMail,
  dueDay,
  notificationMail,
  type MailedNotification,
} from './notification-mail.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';
import { visibleTaskTo } from './visibility.ts';

interface MailedRow extends Record<string, unknown> {
  type: NotificationType;
  task_id: string;
  recipient_id: string;
  title: string;
  actor: string | null;
  body: string | null;
  deadline: string | null;
  email: string;
  mode: string;
}

/**
 * Sends notification mail from the outbox (decision 0084 for the outbox's guarantees, 0086 for these).
 * The job holds ids only: each attempt reads the notification as it is then, so a task deleted, a person
 * deactivated or a project they no longer see since is not mailed, and nor is anyone whose preference
 * changed meanwhile. Each mail's Message-ID is made from what it tells of and is the same at every attempt.
 */
export class NotificationMailer {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly publicUrl: string,
    /** The domain of the Message-IDs (the public address's host). */
    private readonly domain: string,
  ) {}

  /** `notification.mail`: one notification, for someone who asked for mail at once. */
  mailHandler(transport: MailTransport): JobHandler {
    return {
      run: async (job) => {
        const id = String(job.payload.notification);
        const [row] = await this.read(sql`n.id = ${id}::uuid`);
        if (!row || row.mode !== 'immediate') return { ok: true };
        const content = notificationMail(await this.named(row), this.links(row.recipient_id));
        return this.deliver(
          transport,
          { to: row.email, ...content },
          `<notification-${id}@${this.domain}>`,
          job.payload,
        );
      },
    };
  }

  /** `notification.digest`: a person's unread notifications of the day, for someone on the daily digest. */
  digestHandler(transport: MailTransport): JobHandler {
    return {
      run: async (job) => {
        const { user, day, since, until } = job.payload as Record<string, string>;
        const rows = await this.read(
          sql`n.recipient_id = ${user}::uuid and n.read_at is null and n.created_at > ${since}::timestamptz and n.created_at <= ${until}::timestamptz`,
        );
        if (rows.length === 0 || rows[0]!.mode !== 'daily') return { ok: true };
        const content = digestMail(await Promise.all(rows.map((row) => this.named(row))), this.links(user!));
        return this.deliver(
          transport,
          { to: rows[0]!.email, ...content },
          `<digest-${user}-${day}@${this.domain}>`,
          job.payload,
        );
      },
    };
  }

  private async deliver(
    transport: MailTransport,
    mail: Mail,
    messageId: string,
    payload: Record<string, unknown>,
  ) {
    try {
      await transport.deliver(mail, messageId, new Date(String(payload.queuedAt)));
      return { ok: true as const };
    } catch (error) {
      return { ok: false as const, error: error instanceof Error ? error.message : String(error) };
    }
  }

  private links(userId: string) {
    return {
      publicUrl: this.publicUrl,
      unsubscribeUrl: `${this.publicUrl}/api/notifications/unsubscribe?token=${unsubscribeToken(this.box, userId)}`,
    };
  }

  /** The visible notifications that match, newest first, with their person's address and mail mode. */
  private async read(where: SQL): Promise<MailedRow[]> {
    const result = await this.db.execute<MailedRow>(sql`
      select n.type, n.task_id, n.recipient_id, t.title, a.username as actor, c.body, t.deadline, u.email,
             coalesce(np.email, 'daily') as mode
        from notifications n ${visibleTaskTo('n.task_id', 'n.recipient_id')}
        left join users a on a.id = n.actor_id
        left join comments c on c.id = n.comment_id and c.deleted_at is null
        left join notification_preferences np on np.user_id = n.recipient_id
       where ${where}
       order by n.created_at desc, n.id desc`);
    return result.rows;
  }

  /** The row as a mail tells it: the comment's mentions written as the names of the people mentioned. */
  private async named(row: MailedRow): Promise<MailedNotification> {
    const ids = row.body ? mentionedIds(row.body) : [];
    const names = new Map<string, string>();
    if (ids.length > 0) {
      const people = await this.db.execute<{ id: string; username: string }>(
        sql`select id, username from users where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      for (const person of people.rows) names.set(person.id, person.username);
    }
    return {
      type: row.type,
      taskId: row.task_id,
      title: row.title,
      actor: row.actor,
      comment: row.body === null ? null : commentExcerpt(row.body, names),
      due: row.type === 'due_soon' && row.deadline ? dueDay(new Date(row.deadline), new Date()) : null,
    };
  }
}
