import { sql } from 'drizzle-orm';
import { NOTIFICATIONS, type NotificationType } from '@jalon/contract';
import type { Tx } from '../../db/client.ts';
import { MAIL_GIVE_UP_MS } from '../mail/mail-queue.ts';
import { enqueueJobs } from '../outbox/outbox.ts';
import type { BatchPlan } from '../sync/batch-plan.ts';
import { NOTIFICATION_MAIL_JOB } from './notification-mail.ts';
import { planNotices, type Notice } from './plan-notices.ts';
import { visibleTaskTo } from './visibility.ts';

/** When one write tells a person several things about a task, or groups into an unread notification, the
 * more telling type stays: a mention over an assignment over a comment over a status. */
const RANK: Record<Notice['type'], number> = { status_changed: 1, commented: 2, assigned: 3, mentioned: 4 };
const RANK_SQL = (type: string) =>
  sql.raw(`array_position(array['status_changed', 'commented', 'assigned', 'mentioned']::text[], ${type})`);

/** The group key of one person's changes: theirs to a task within the window make one notification. */
export const actorGroupKey = (actorId: string) => `by:${actorId}`;

interface Recipient {
  recipient_id: string;
  task_id: string;
  type: NotificationType;
  comment_id: string | null;
}

/**
 * Writes the notifications a plan causes, in its transaction (a crash loses none and invents none): the
 * watchers it adds, one notification per person and task (grouped into that person's unread one from the
 * same actor within NOTIFICATIONS.groupWindowMs), never to the actor, and only to active members who may
 * see the task; the mail of those who asked for it at once is queued in the outbox here too.
 */
export async function writeNotifications(tx: Tx, plan: BatchPlan): Promise<void> {
  const { watchers, notices } = planNotices(plan);
  if (notices.length === 0 && watchers.length === 0) return;
  const actorId = plan.viewer.userId;
  if (watchers.length > 0) {
    // Never over a row already there: someone who unfollowed stays unfollowed.
    await tx.execute(sql`
      insert into task_watchers (task_id, user_id, watching, updated_at)
      select distinct w.task_id, w.user_id, true, ${plan.now}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(watchers.map((w) => ({ task_id: w.taskId, user_id: w.userId })))}::jsonb)
             as w(task_id uuid, user_id uuid)
        join users on users.id = w.user_id
      on conflict (task_id, user_id) do nothing`);
  }
  const watched = [...new Set(notices.filter((notice) => notice.to === 'watchers').map((n) => n.taskId))];
  const watchersOf = new Map<string, string[]>();
  if (watched.length > 0) {
    const rows = await tx.execute<{ task_id: string; user_id: string }>(sql`
      select task_id, user_id from task_watchers
       where watching and task_id in (${sql.join(
         watched.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})`);
    for (const row of rows.rows)
      watchersOf.set(row.task_id, [...(watchersOf.get(row.task_id) ?? []), row.user_id]);
  }
  // One notice per person and task: the most telling of this write's.
  const chosen = new Map<string, Recipient>();
  for (const notice of notices) {
    const people = notice.to === 'watchers' ? (watchersOf.get(notice.taskId) ?? []) : notice.to.people;
    for (const person of people) {
      if (person === actorId) continue;
      const key = `${person}|${notice.taskId}`;
      const current = chosen.get(key);
      if (current && RANK[current.type as Notice['type']] >= RANK[notice.type]) continue;
      chosen.set(key, {
        recipient_id: person,
        task_id: notice.taskId,
        type: notice.type,
        comment_id: notice.commentId,
      });
    }
  }
  if (chosen.size === 0) return;
  const groupKey = actorGroupKey(actorId);
  const windowStart = new Date(plan.now.getTime() - NOTIFICATIONS.groupWindowMs);
  // Grouped into the person's unread notification of this actor and task within the window, or new; the
  // recipients are read in place by each use (not materialized), so the grouping finds its rows by the
  // inbox index rather than comparing every notification with every recipient.
  // The answer lists the new ones with their e-mail preference (no row: the daily digest).
  const created = await tx.execute<{ id: string; email: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify([...chosen.values()])}::jsonb)
        as i(recipient_id uuid, task_id uuid, type text, comment_id uuid)
    ), eligible as not materialized (
      select i.* from input i ${visibleTaskTo('i.task_id', 'i.recipient_id')}
    ), grouped as (
      update notifications n
         set type = case when ${RANK_SQL('e.type')} >= ${RANK_SQL('n.type')} then e.type else n.type end,
             comment_id = case when ${RANK_SQL('e.type')} >= ${RANK_SQL('n.type')} then e.comment_id else n.comment_id end,
             change_seq = ${plan.changeSeq}
        from eligible e
       where n.recipient_id = e.recipient_id and n.task_id = e.task_id and n.group_key = ${groupKey}
         and n.read_at is null and n.created_at > ${windowStart}
      returning n.recipient_id, n.task_id
    ), inserted as (
      insert into notifications (recipient_id, type, task_id, actor_id, comment_id, group_key, created_at, change_seq)
      select e.recipient_id, e.type, e.task_id, ${actorId}::uuid, e.comment_id, ${groupKey}, ${plan.now}::timestamptz, ${plan.changeSeq}
        from eligible e
       where not exists (select 1 from grouped g where g.recipient_id = e.recipient_id and g.task_id = e.task_id)
      returning id, recipient_id
    )
    select inserted.id, coalesce(np.email, 'daily') as email
      from inserted left join notification_preferences np on np.user_id = inserted.recipient_id`);
  // A grouped change sends no second mail: one notification, one mail.
  await queueImmediateMails(tx, created.rows, plan.now);
}

/** Queues, in the notifications' transaction, the mail of each new one whose person asked for mail at once. */
export async function queueImmediateMails(
  tx: Tx,
  created: Array<{ id: string; email: string }>,
  now: Date,
): Promise<void> {
  const jobs = created
    .filter((row) => row.email === 'immediate')
    .map((row) => ({
      kind: NOTIFICATION_MAIL_JOB,
      payload: { notification: row.id, queuedAt: now.toISOString() },
    }));
  await enqueueJobs(tx, jobs, { now, giveUpAfterMs: MAIL_GIVE_UP_MS });
}
