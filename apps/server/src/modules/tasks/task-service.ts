import { and, eq, isNull } from 'drizzle-orm';
import type pg from 'pg';
import type { CreateTaskRequest, ListMeta, Task, TaskListParams, UpdateTask } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { projects, tasks } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import type { ChangeKeyedCache } from '../changes/change-keyed-cache.ts';
import { changePosition, plainMeta, type CursorCodec } from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
import { readKindChanges } from '../sync/catch-up-read.ts';
import { EntityWrites } from '../sync/entity-writes.ts';
import {
  taskPageStatement,
  type TaskListRow,
  type TaskPageFilters,
  type TaskPagePosition,
  type TaskPageValues,
} from './task-list-sql.ts';
import { presentTask } from './task-presenter.ts';

/** A list page: the items as JSON text (an array), and the list's meta. */
export interface TaskListAnswer {
  itemsJson: string;
  meta: ListMeta;
}

/**
 * Tasks: lists (plain and delta), and the REST writes (create, update with version checks, delete as a
 * tombstone), each written by the same rules as a sync batch's operation.
 */
export class TaskService extends EntityWrites<'task', Task, CreateTaskRequest, UpdateTask> {
  /**
   * @param liveAnswers pages of live tasks kept while the change counter does not move (null: none kept).
   * Sized in UTF-16 code units of the JSON text.
   */
  constructor(
    db: Db,
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly cursors: CursorCodec,
    notifier: ChangeAnnouncer,
    private readonly liveAnswers: ChangeKeyedCache<TaskListAnswer> | null = null,
  ) {
    super(db, notifier, 'task');
  }

  /**
   * A page of live tasks (newest first), as JSON text built by the database (see task-list-sql.ts), or of
   * changes since a cursor (the shared catch-up read, in pages of the asked size), with the list's meta.
   */
  async list(viewer: Viewer, query: TaskListParams): Promise<TaskListAnswer> {
    if (query.since !== undefined) {
      const { items, meta } = await readKindChanges(this.db, this.cursors, 'task', {
        viewer,
        since: query.since,
        clientId: query.clientId,
        limit: query.limit,
      });
      return { itemsJson: JSON.stringify(items), meta };
    }
    // Permissions in the answer depend on who asks: the viewer is part of the key.
    const labels = query.label && `{${query.label.join(',')}}`;
    const key = JSON.stringify([
      viewer.userId,
      viewer.isAdmin,
      query.projectId ?? null,
      labels ?? null,
      query.parent ?? null,
      query.status ?? null,
      query.assignee ?? null,
      query.after ?? null,
      query.limit,
    ]);
    const cached = this.liveAnswers?.get(key, (await changePosition(this.db)).value);
    if (cached) return cached;
    const after = query.after ? this.cursors.decodeAfter(query.after) : undefined;
    const filters = {
      project: query.projectId !== undefined,
      labels: query.label !== undefined,
      parent: query.parent !== undefined,
      status: query.status !== undefined,
      assignee: query.assignee !== undefined,
    };
    const row = await this.page(after ? 'after' : 'first', filters, {
      userId: viewer.userId,
      isAdmin: viewer.isAdmin,
      limit: query.limit,
      projectId: query.projectId,
      labels,
      parent: query.parent,
      status: query.status,
      assignee: query.assignee,
      afterCreatedAt: after?.createdAt,
      afterId: after?.id,
    });
    const nextAfter =
      row.lastCreatedAt && row.lastId ? this.cursors.encodeAfter(row.lastCreatedAt, row.lastId) : null;
    const answer = { itemsJson: row.items, meta: plainMeta(this.cursors, row.seq, nextAfter) };
    this.liveAnswers?.set(key, row.seq, answer, row.items.length);
    return answer;
  }

  private async page(
    position: TaskPagePosition,
    filters: TaskPageFilters,
    values: TaskPageValues,
  ): Promise<TaskListRow> {
    const statement = taskPageStatement(position, filters);
    const [row] = await statement.rows<TaskListRow>(this.pool, values);
    return row!;
  }

  async get(viewer: Viewer, id: string): Promise<Task> {
    const [row] = await this.db
      .select({ task: tasks, ownerId: projects.ownerId })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(and(eq(tasks.id, id), isNull(tasks.deletedAt)));
    if (!row) throw notFound('Task');
    return presentTask(row.task, viewer, row.ownerId);
  }
}
