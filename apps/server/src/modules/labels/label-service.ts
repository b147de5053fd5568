import { asc } from 'drizzle-orm';
import type { CreateLabelRequest, Label, ListMeta, UpdateLabel } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { labels } from '../../db/schema.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import type { CursorCodec } from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
import { readKindChanges, readLiveRows } from '../sync/catch-up-read.ts';
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
    if (since !== undefined)
      return readKindChanges(this.db, this.cursors, 'label', { viewer, since, clientId });
    return readLiveRows(this.db, this.cursors, labels, [asc(labels.nameKey), asc(labels.id)], presentLabel);
  }
}
