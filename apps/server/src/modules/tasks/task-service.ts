import { and, eq, isNull } from 'drizzle-orm';
import type pg from 'pg';
import type { CreateTaskRequest, ListMeta, Task, TaskListParams, UpdateTask } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { projects, tasks } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import type { ChangeKeyedCache } from '../changes/change-keyed-cache.ts';
import {
  changePosition,
  plainMeta,
  resetMeta,
  servesCursor,
  type CursorCodec,
} from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
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
   * A page of live tasks (newest first), or of changes since a cursor. Answers the page as JSON text built
   * by the database (see task-list-sql.ts), with the list's meta.
   */
  async list(viewer: Viewer, query: TaskListParams): Promise<TaskListAnswer> {
    const common = {
      userId: viewer.userId,
      isAdmin: viewer.isAdmin,
      limit: query.limit,
      projectId: query.projectId,
      labels: query.label && `{${query.label.join(',')}}`,
      parent: query.parent,
      clientId: null,
    };
    if (query.since === undefined) {
      // Permissions in the answer depend on who asks: the viewer is part of the key.
      const key = JSON.stringify([
        viewer.userId,
        viewer.isAdmin,
        query.projectId ?? null,
        common.labels ?? null,
        query.parent ?? null,
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
      };
      const row = await this.page(after ? 'after' : 'first', filters, {
        ...common,
        afterCreatedAt: after?.createdAt,
        afterId: after?.id,
      });
      const nextAfter =
        row.lastCreatedAt && row.lastId ? this.cursors.encodeAfter(row.lastCreatedAt, row.lastId) : null;
      const answer = { itemsJson: row.items, meta: plainMeta(this.cursors, row.seq, nextAfter) };
      this.liveAnswers?.set(key, row.seq, answer, row.items.length);
      return answer;
    }
    // The cursor is checked against the counter and horizon read by the page's own statement: one snapshot.
    const cursor = this.cursors.decode(query.since);
    const reset = async (seq?: number) => ({
      itemsJson: '[]',
      meta: resetMeta(this.cursors, seq ?? (await changePosition(this.db)).value),
    });
    if (!cursor) return reset();
    const unfiltered = { project: false, labels: false, parent: false };
    const row = await this.page(cursor.id ? 'sinceWithin' : 'since', unfiltered, {
      ...common,
      seq: cursor.seq,
      seqId: cursor.id ?? undefined,
      clientId: query.clientId ?? null,
    });
    if (!servesCursor(cursor, { value: row.seq, horizon: row.horizon })) return reset(row.seq);
    const hasMore = row.lastChangeSeq !== null && row.lastId !== null;
    const next = hasMore ? { seq: row.lastChangeSeq!, id: row.lastId } : { seq: row.seq, id: null };
    const lastSeq = query.clientId ? { lastSeq: row.lastSeq } : {};
    return {
      itemsJson: row.items,
      meta: { cursor: this.cursors.encode(next), hasMore, nextAfter: null, resetRequired: false, ...lastSeq },
    };
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
