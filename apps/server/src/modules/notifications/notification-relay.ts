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
      const people = hub.streamUsers;
      if (people.length === 0) return;
      // One after another, so a person's counts arrive in the order of the changes.
      this.reading = this.reading.then(() => this.relay(message.changeSeq, people)).catch(this.onError);
    });
  }

  close(): void {
    this.unsubscribe();
  }

  private async relay(changeSeq: number, people: string[]): Promise<void> {
    const rows = await this.db.execute<{ id: string; recipient_id: string; unread: number }>(sql`
      select n.id, n.recipient_id,
             (select count(*)::int from notifications m ${visibleTaskTo('m.task_id', 'm.recipient_id')}
               where m.recipient_id = n.recipient_id and m.read_at is null) as unread
        from notifications n
       where n.change_seq = ${changeSeq}
         and n.recipient_id in (${sql.join(
           people.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`);
    for (const row of rows.rows) {
      const event: NotificationStreamEvent = { type: 'notification.created', id: row.id, unread: row.unread };
      this.hub.sendToUser(row.recipient_id, event);
    }
  }
}
