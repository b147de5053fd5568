import { sql } from 'drizzle-orm';
import type {
  EmailNotificationMode,
  Notification,
  NotificationList,
  NotificationType,
} from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { visibleTaskTo } from './visibility.ts';

interface InboxRow extends Record<string, unknown> {
  id: string;
  type: NotificationType;
  task_id: string;
  title: string;
  project_id: string;
  actor_id: string | null;
  actor_name: string | null;
  comment_id: string | null;
  created_at: string | Date;
  read_at: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

const present = (row: InboxRow): Notification => ({
  id: row.id,
  type: row.type,
  task: { id: row.task_id, title: row.title, projectId: row.project_id },
  actor: row.actor_id && row.actor_name !== null ? { id: row.actor_id, username: row.actor_name } : null,
  commentId: row.comment_id,
  createdAt: iso(row.created_at),
  readAt: row.read_at === null ? null : iso(row.read_at),
});

/**
 * A person's inbox: their own notifications only (another person's id answers 404, as an unknown one
 * does), of the tasks they may still see; read marks; the e-mail preference.
 */
export class NotificationService {
  constructor(private readonly db: Db) {}

  /** Newest first, keyset-paged by the last id of the previous page, with the unread count. */
  async list(
    userId: string,
    query: { unread?: 'true' | 'false'; limit: number; before?: string },
  ): Promise<NotificationList> {
    const unreadOnly = query.unread === 'true' ? sql`and n.read_at is null` : sql``;
    const after = query.before
      ? sql`and (n.created_at, n.id) < (select created_at, id from notifications where id = ${query.before}::uuid and recipient_id = ${userId}::uuid)`
      : sql``;
    const rows = await this.db.execute<InboxRow>(sql`
      select n.id, n.type, n.task_id, t.title, t.project_id, n.actor_id, a.username as actor_name,
             n.comment_id, n.created_at, n.read_at
        from notifications n ${visibleTaskTo('n.task_id', 'n.recipient_id')}
        left join users a on a.id = n.actor_id
       where n.recipient_id = ${userId}::uuid ${unreadOnly} ${after}
       order by n.created_at desc, n.id desc
       limit ${query.limit + 1}`);
    const items = rows.rows.slice(0, query.limit).map(present);
    const next = rows.rows.length > query.limit ? items.at(-1)!.id : null;
    return { items, unread: await this.unread(userId), next };
  }

  /** The person's unread notifications of tasks they may see. */
  async unread(userId: string): Promise<number> {
    const result = await this.db.execute<{ count: number }>(sql`
      select count(*)::int as count
        from notifications n ${visibleTaskTo('n.task_id', 'n.recipient_id')}
       where n.recipient_id = ${userId}::uuid and n.read_at is null`);
    return result.rows[0]!.count;
  }

  /** Marks one of the person's notifications read (again: no change); another's is 404. */
  async markRead(userId: string, id: string): Promise<number> {
    const result = await this.db.execute(sql`
      update notifications set read_at = coalesce(read_at, now())
       where id = ${id}::uuid and recipient_id = ${userId}::uuid
      returning id`);
    if (result.rows.length === 0) throw notFound('Notification');
    return this.unread(userId);
  }

  async markAllRead(userId: string): Promise<number> {
    await this.db.execute(
      sql`update notifications set read_at = now() where recipient_id = ${userId}::uuid and read_at is null`,
    );
    return this.unread(userId);
  }

  async emailMode(userId: string): Promise<EmailNotificationMode> {
    const result = await this.db.execute<{ email: EmailNotificationMode }>(
      sql`select email from notification_preferences where user_id = ${userId}::uuid`,
    );
    return result.rows[0]?.email ?? 'daily';
  }

  async setEmailMode(userId: string, email: EmailNotificationMode): Promise<EmailNotificationMode> {
    await this.db.execute(sql`
      insert into notification_preferences (user_id, email, updated_at) values (${userId}::uuid, ${email}, now())
      on conflict (user_id) do update set email = excluded.email, updated_at = excluded.updated_at`);
    return email;
  }
}
