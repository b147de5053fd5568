import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { MAIL_GIVE_UP_MS } from '../mail/mail-queue.ts';
import { enqueueJobs } from '../outbox/outbox.ts';
import { NOTIFICATION_DIGEST_JOB } from './notification-mail.ts';
import { visibleTaskTo } from './visibility.ts';

/** The first digest of a person tells of the last day at most. */
const FIRST_DIGEST_SPAN_MS = 24 * 3_600_000;

/** A day in the server's time zone, as digests are counted (`2026-11-28`). */
export const localDay = (at: Date): string =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/**
 * From `digestHour` on (server time zone), queues the day's digest of each active person on 'Résumé
 * quotidien' who has unread notifications since their last one. One row per person and day is taken in
 * the same transaction as the mail's job (`on conflict do nothing`): whichever instance runs first queues
 * it, the others find it taken, and a later pass that day finds it too. The mail itself reads the
 * notifications again when it leaves (nothing the person may no longer see).
 */
export async function queueDigests(db: Db, now: Date, digestHour: number): Promise<number> {
  if (now.getHours() < digestHour) return 0;
  const day = localDay(now);
  const firstSince = new Date(now.getTime() - FIRST_DIGEST_SPAN_MS);
  return db.transaction(async (tx) => {
    const taken = await tx.execute<{ user_id: string; since: string | Date }>(sql`
      with candidates as (
        select u.id as user_id,
               coalesce((select max(d.until) from notification_digests d where d.user_id = u.id), ${firstSince}::timestamptz) as since
          from users u left join notification_preferences np on np.user_id = u.id
         where u.deactivated_at is null and coalesce(np.email, 'daily') = 'daily'
           and not exists (select 1 from notification_digests d where d.user_id = u.id and d.day = ${day})
      ), due as (
        select c.* from candidates c
         where exists (select 1 from notifications n ${visibleTaskTo('n.task_id', 'n.recipient_id')}
                        where n.recipient_id = c.user_id and n.read_at is null
                          and n.created_at > c.since and n.created_at <= ${now}::timestamptz)
      ), taken as (
        insert into notification_digests (user_id, day, until)
        select user_id, ${day}, ${now}::timestamptz from due
        on conflict (user_id, day) do nothing
        returning user_id
      )
      select taken.user_id, due.since from taken join due on due.user_id = taken.user_id`);
    await enqueueJobs(
      tx,
      taken.rows.map((row) => ({
        kind: NOTIFICATION_DIGEST_JOB,
        payload: {
          user: row.user_id,
          day,
          since: new Date(row.since).toISOString(),
          until: now.toISOString(),
          queuedAt: now.toISOString(),
        },
      })),
      { now, giveUpAfterMs: MAIL_GIVE_UP_MS },
    );
    return taken.rows.length;
  });
}
