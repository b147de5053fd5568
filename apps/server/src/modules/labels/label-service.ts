import { asc, isNull } from 'drizzle-orm';
import type { CreateLabelRequest, Label, ListMeta, UpdateLabel } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { labels } from '../../db/schema.ts';
import type { AuditActor } from '../audit/audit-writer.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import {
  changePosition,
  deltaPage,
  deltaStart,
  deltaWhere,
  plainMeta,
  resetMeta,
  type CursorCodec,
} from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
import { lastSeqOf } from '../sync/sync-clients.ts';
import { writeOne } from '../sync/write-path.ts';
import { presentLabel } from './label-presenter.ts';

const DELTA_PAGE = 500;

/** Labels: reads, and the REST writes, each written by the same rules as a sync batch's operation. */
export class LabelService {
  constructor(
    private readonly db: Db,
    private readonly cursors: CursorCodec,
    private readonly notifier: ChangeAnnouncer,
  ) {}

  /** Every live label by name, or the changes since a cursor (tombstones included). */
  async list(viewer: Viewer, since?: string, clientId?: string): Promise<{ items: Label[]; meta: ListMeta }> {
    return this.db.transaction(
      async (tx) => {
        const position = await changePosition(tx);
        if (since === undefined) {
          const rows = await tx
            .select()
            .from(labels)
            .where(isNull(labels.deletedAt))
            .orderBy(asc(labels.nameKey), asc(labels.id));
          return { items: rows.map(presentLabel), meta: plainMeta(this.cursors, position.value) };
        }
        const cursor = deltaStart(this.cursors, since, position);
        if (!cursor) return { items: [], meta: resetMeta(this.cursors, position.value) };
        const rows = await tx
          .select()
          .from(labels)
          .where(deltaWhere(cursor, labels.changeSeq, labels.id))
          .orderBy(labels.changeSeq, labels.id)
          .limit(DELTA_PAGE + 1);
        const { page, meta } = deltaPage(this.cursors, rows, DELTA_PAGE, position);
        const lastSeq = clientId ? { lastSeq: await lastSeqOf(tx, clientId, viewer.userId) } : {};
        return { items: page.map(presentLabel), meta: { ...meta, ...lastSeq } };
      },
      // One snapshot for the counter, the horizon, the page and the device's lastSeq.
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** Creates a label; `created` is false when its client-made id names a label this person made already. */
  async create(
    viewer: Viewer,
    input: CreateLabelRequest,
    actor: AuditActor,
  ): Promise<{ label: Label; created: boolean }> {
    const { id, ...data } = input;
    const written = await writeOne(this.db, this.notifier, viewer, actor, {
      entity: 'label',
      op: 'create',
      id,
      version: undefined,
      data,
    });
    return { label: written.presented as Label, created: written.created };
  }

  async update(
    viewer: Viewer,
    id: string,
    patch: UpdateLabel,
    clientVersion: number | undefined,
    actor: AuditActor,
  ): Promise<Label> {
    const written = await writeOne(this.db, this.notifier, viewer, actor, {
      entity: 'label',
      op: 'patch',
      id,
      version: clientVersion,
      data: patch,
    });
    return written.presented as Label;
  }

  /** Deletes a label and takes it off every task that carries it, in one change. */
  async delete(
    viewer: Viewer,
    id: string,
    clientVersion: number | undefined,
    actor: AuditActor,
  ): Promise<void> {
    await writeOne(this.db, this.notifier, viewer, actor, {
      entity: 'label',
      op: 'delete',
      id,
      version: clientVersion,
      data: {},
    });
  }
}
