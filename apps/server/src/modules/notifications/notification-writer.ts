import { sql } from 'drizzle-orm';
import { NOTIFICATIONS, type NotificationType } from '@jalon/contract';
import type { Tx } from '../../db/client.ts';
import { MAIL_GIVE_UP_MS } from '../mail/mail-queue.ts';
import { enqueueJobs } from '../outbox/outbox.ts';
import type { BatchPlan } from '../sync/batch-plan.ts';
import { NOTIFICATION_MAIL_JOB } from './notification-mail.ts';
import { planNotices } from './plan-notices.ts';
import { visibleTaskTo } from './visibility.ts';

/** When one write tells a person several things about a task, or groups into an unread notification, the
 * more telling type stays: a mention over an assignment over a comment over a status. */
const RANK_SQL = (type: string) =>
  sql.raw(`array_position(array['status_changed', 'commented', 'assigned', 'mentioned']::text[], ${type})`);

/** The group key of one person's changes: theirs to a task within the window make one notification. */
export const actorGroupKey = (actorId: string) => `by:${actorId}`;

/** A notice as the statement reads it: to whom (named people, or the task's watchers), and its order in the write. */
interface NoticeRow {
  recipient_id: string | null;
  task_id: string;
  type: NotificationType;
  comment_id: string | null;
  seq: number;
}

/**
 * Writes the notifications a plan causes, in its transaction (a crash loses none and invents none): the
 * watchers it adds, one notification per person and task (grouped into that person's unread one from the
 * same actor within NOTIFICATIONS.groupWindowMs), never to the actor, and only to active members who may
 * see the task; the mail of those who asked for it at once is queued in the outbox here too.
 *
 * One statement works out the recipients: a notice to a task's watchers is joined with task_watchers in
 * the database, so a comment on a task of 1,000 watchers sends no list of 1,000 people back and forth.
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
  if (notices.length === 0) return;
  const rows = notices.flatMap((notice, seq): NoticeRow[] => {
    const row = { task_id: notice.taskId, type: notice.type, comment_id: notice.commentId, seq };
    return notice.to === 'watchers'
      ? [{ ...row, recipient_id: null }]
      : notice.to.people.map((person) => ({ ...row, recipient_id: person }));
  });
  const groupKey = actorGroupKey(actorId);
  const windowStart = new Date(plan.now.getTime() - NOTIFICATIONS.groupWindowMs);
  // `input` keeps one notice per person and task, the most telling (the first of equals), never the
  // actor's own. The rest is grouped into the person's unread notification of this actor and task within
  // the window (found by the unread-by-task index), or new. The answer lists the new ones whose person
  // wants mail at once.
  const created = await tx.execute<{ id: string; email: string }>(sql`
    with notice as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as n(recipient_id uuid, task_id uuid, type text, comment_id uuid, seq int)
    ), input as (
      select distinct on (recipient_id, task_id) recipient_id, task_id, type, comment_id
        from (select n.* from notice n where n.recipient_id is not null
              union all
              select w.user_id, n.task_id, n.type, n.comment_id, n.seq
                from notice n join task_watchers w on w.task_id = n.task_id and w.watching
               where n.recipient_id is null) as candidate
       where recipient_id <> ${actorId}::uuid
       order by recipient_id, task_id, ${RANK_SQL('type')} desc, seq
    ), eligible as not materialized (
      select i.* from input i ${visibleTaskTo('i.task_id', 'i.recipient_id')}
    ), grouped as (
      -- A look-up per recipient (lateral), never a join the planner may turn into a scan of every unread
      -- row: on a table grown since its statistics (PGlite has no autovacuum) that scan was quadratic.
      update notifications n
         set type = case when ${RANK_SQL('g.type')} >= ${RANK_SQL('n.type')} then g.type else n.type end,
             comment_id = case when ${RANK_SQL('g.type')} >= ${RANK_SQL('n.type')} then g.comment_id else n.comment_id end,
             change_seq = ${plan.changeSeq}
        from (select e.type, e.comment_id, unread.id
                from eligible e
                cross join lateral (
                  select mine.id from notifications mine
                   where mine.task_id = e.task_id and mine.recipient_id = e.recipient_id and mine.read_at is null
                     and mine.group_key = ${groupKey} and mine.created_at > ${windowStart}
                   limit 1) unread) g
       where n.id = g.id
      returning n.recipient_id, n.task_id
    ), inserted as (
      insert into notifications (recipient_id, type, task_id, actor_id, comment_id, group_key, created_at, change_seq)
      select e.recipient_id, e.type, e.task_id, ${actorId}::uuid, e.comment_id, ${groupKey}, ${plan.now}::timestamptz, ${plan.changeSeq}
        from eligible e
       where not exists (select 1 from grouped g where g.recipient_id = e.recipient_id and g.task_id = e.task_id)
      returning id, recipient_id
    )
    select inserted.id, np.email
      from inserted join notification_preferences np on np.user_id = inserted.recipient_id
     where np.email = 'immediate'`);
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
