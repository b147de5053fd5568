import { sql } from 'drizzle-orm';
import { NOTIFICATIONS } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { announcedTransaction, type ChangeAnnouncer } from '../changes/announced-transaction.ts';
import { queueImmediateMails } from './notification-writer.ts';
import { visibleTaskTo } from './visibility.ts';

/** A deadline passed longer ago than this is not told of (a first start on old data would flood inboxes). */
const OVERDUE_LOOKBACK_MS = 7 * 24 * 3_600_000;

/**
 * The assignee's `due_soon` (a task not done, due within NOTIFICATIONS.dueSoonWithinMs) and `overdue` (its
 * deadline passed) reminders. Every instance may run it at any time: a reminder's key is its type and
 * deadline, unique per task and person, so each is written once whoever writes it first (`on conflict do
 * nothing`), and a new deadline is reminded of again. Written in a change of its own, so the person's
 * streams hear of it like any other notification; nothing due, no change taken.
 */
export async function writeReminders(db: Db, announcer: ChangeAnnouncer, now: Date): Promise<number> {
  const due = sql`
      from tasks t0 ${visibleTaskTo('t0.id', 't0.assignee_id')}
      cross join lateral (select case when t.deadline <= ${now}::timestamptz then 'overdue' else 'due_soon' end as type) r
     where t.status <> 'done'
       and t.deadline > ${new Date(now.getTime() - OVERDUE_LOOKBACK_MS)}::timestamptz
       and t.deadline <= ${new Date(now.getTime() + NOTIFICATIONS.dueSoonWithinMs)}::timestamptz`;
  const key = sql`r.type || ':' || (extract(epoch from t.deadline) * 1000)::bigint`;
  const pending = await db.execute(sql`
    select 1 ${due}
       and not exists (select 1 from notifications n
                        where n.task_id = t.id and n.recipient_id = t.assignee_id and n.type = r.type and n.group_key = ${key})
     limit 1`);
  if (pending.rows.length === 0) return 0;
  return announcedTransaction(
    db,
    announcer,
    { actor: null, device: null },
    async (tx, changeSeq) => {
      const created = await tx.execute<{ id: string; email: string }>(sql`
        with inserted as (
          insert into notifications (recipient_id, type, task_id, group_key, created_at, change_seq)
          select t.assignee_id, r.type, t.id, ${key}, ${now}::timestamptz, ${changeSeq} ${due}
          on conflict (task_id, recipient_id, group_key) where type in ('due_soon', 'overdue') do nothing
          returning id, recipient_id
        )
        select inserted.id, coalesce(np.email, 'daily') as email
          from inserted left join notification_preferences np on np.user_id = inserted.recipient_id`);
      await queueImmediateMails(tx, created.rows, now);
      return created.rows.length;
    },
    (count) => count > 0,
  );
}
