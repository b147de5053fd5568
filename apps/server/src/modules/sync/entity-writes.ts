import type { SyncEntity } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import type { AuditActor } from '../audit/audit-writer.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import type { Viewer } from '../projects/policy.ts';
import { writeOne } from './write-path.ts';

/**
 * The REST writes of one kind of data (create, patch, delete), each one operation on the shared write
 * path: a service of a kind extends this and adds only its reads. `Presented` is the row as its REST
 * route answers it; `CreateInput` and `Changes` are its create and patch bodies.
 */
export class EntityWrites<
  E extends SyncEntity,
  Presented,
  CreateInput extends { id?: string },
  Changes extends Record<string, unknown>,
> {
  constructor(
    protected readonly db: Db,
    protected readonly notifier: ChangeAnnouncer,
    private readonly entity: E,
  ) {}

  /** Creates a row; `created` is false when its client-made id names a row this person made already. */
  async create(
    viewer: Viewer,
    input: CreateInput,
    actor: AuditActor,
  ): Promise<{ presented: Presented; created: boolean }> {
    const { id, ...data } = input;
    const written = await writeOne(this.db, this.notifier, viewer, actor, {
      entity: this.entity,
      op: 'create',
      id,
      version: undefined,
      data,
    });
    return { presented: written.presented as Presented, created: written.created };
  }

  /** Changes some fields; `clientVersion` (`X-Entity-Version`) makes a stale write a 409. */
  async update(
    viewer: Viewer,
    id: string,
    changes: Changes,
    clientVersion: number | undefined,
    actor: AuditActor,
  ): Promise<Presented> {
    const written = await writeOne(this.db, this.notifier, viewer, actor, {
      entity: this.entity,
      op: 'patch',
      id,
      version: clientVersion,
      data: changes,
    });
    return written.presented as Presented;
  }

  /** Deletes a row (a tombstone, which it answers), after the same version check. */
  async delete(
    viewer: Viewer,
    id: string,
    clientVersion: number | undefined,
    actor: AuditActor,
  ): Promise<Presented> {
    const written = await writeOne(this.db, this.notifier, viewer, actor, {
      entity: this.entity,
      op: 'delete',
      id,
      version: clientVersion,
      data: {},
    });
    return written.presented as Presented;
  }

  /**
   * Brings a deleted row back (a task with what was deleted with it), for whoever may delete it; a live
   * row is answered as it is, a row purged or never there is 404.
   */
  async restore(viewer: Viewer, id: string, actor: AuditActor): Promise<Presented> {
    const written = await writeOne(this.db, this.notifier, viewer, actor, {
      entity: this.entity,
      op: 'restore',
      id,
      version: undefined,
      data: {},
    });
    return written.presented as Presented;
  }
}
