import { asc, isNull } from 'drizzle-orm';
import type { CreateLabelRequest, Label, ListMeta, UpdateLabel } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { labels } from '../../db/schema.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import { changePosition, plainMeta, type CursorCodec } from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
import { readChanges } from '../sync/catch-up-read.ts';
import { EntityWrites } from '../sync/entity-writes.ts';
import { presentLabel } from './label-presenter.ts';

/**
 * Labels: reads, and the REST writes (a delete takes the label off every task that carries it, in one
 * change), each written by the same rules as a sync batch's operation.
 */
export class LabelService extends EntityWrites<'label', Label, CreateLabelRequest, UpdateLabel> {
  constructor(
    db: Db,
    private readonly cursors: CursorCodec,
    notifier: ChangeAnnouncer,
  ) {
    super(db, notifier, 'label');
  }

  /** Every live label by name, or the changes since a cursor (tombstones included). */
  async list(viewer: Viewer, since?: string, clientId?: string): Promise<{ items: Label[]; meta: ListMeta }> {
    if (since !== undefined) {
      const { changes, meta } = await readChanges(this.db, this.cursors, {
        viewer,
        since,
        clientId,
        only: 'label',
      });
      return { items: changes.label, meta };
    }
    return this.db.transaction(
      async (tx) => {
        const position = await changePosition(tx);
        const rows = await tx
          .select()
          .from(labels)
          .where(isNull(labels.deletedAt))
          .orderBy(asc(labels.nameKey), asc(labels.id));
        return { items: rows.map(presentLabel), meta: plainMeta(this.cursors, position.value) };
      },
      // One snapshot for the counter and the rows.
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
}
