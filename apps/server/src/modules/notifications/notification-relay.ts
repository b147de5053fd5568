import { sql } from 'drizzle-orm';
import type { NotificationStreamEvent } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import type { Notifier } from '../../lib/notifier.ts';
import type { EventHub } from '../events/event-hub.ts';
import { visibleTaskTo } from './visibility.ts';

/**
 * Tells people with a stream open here of their new notifications, after the commit that wrote them:
 * every notification is written in a change (a write's, or the reminders'), whose announcement reaches
 * every instance (decision 0021), so each instance reads that change's notifications for its own streams'
 * people only, and sends `notification.created` to those people's streams alone.
 */
export class NotificationRelay {
  private reading: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    notifier: Notifier,
    private readonly hub: EventHub,
    private readonly onError: (error: unknown) => void,
  ) {
    this.unsubscribe = notifier.subscribe((message) => {
      if (message.kind !== 'changes') return;
      const people = new Set(hub.streamUsers);
      if (people.size === 0) return;
      // One after another, so a person's counts arrive in the order of the changes.
      this.reading = this.reading.then(() => this.relay(message.changeSeq, people)).catch(this.onError);
    });
  }

  close(): void {
    this.unsubscribe();
  }

  private async relay(changeSeq: number, people: Set<string>): Promise<void> {
    const written = await this.db.execute<{ id: string; recipient_id: string }>(
      sql`select id, recipient_id from notifications where change_seq = ${changeSeq}`,
    );
    const mine = written.rows.filter((row) => people.has(row.recipient_id));
    if (mine.length === 0) return;
    const counts = await this.db.execute<{ recipient_id: string; unread: number }>(sql`
      select n.recipient_id, count(*)::int as unread
        from notifications n ${visibleTaskTo('n.task_id', 'n.recipient_id')}
       where n.read_at is null and n.recipient_id in (${sql.join(
         [...new Set(mine.map((row) => row.recipient_id))].map((id) => sql`${id}::uuid`),
         sql`, `,
       )})
       group by n.recipient_id`);
    const unread = new Map(counts.rows.map((row) => [row.recipient_id, row.unread]));
    for (const row of mine) {
      const event: NotificationStreamEvent = {
        type: 'notification.created',
        id: row.id,
        unread: unread.get(row.recipient_id) ?? 0,
      };
      this.hub.sendToUser(row.recipient_id, event);
    }
  }
}
