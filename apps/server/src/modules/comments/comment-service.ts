import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  type Comment,
  type CommentThread,
  type CreateCommentRequest,
  type ListMeta,
  type UpdateComment,
} from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { comments, tasks, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuditActor } from '../audit/audit-writer.ts';
import type { ChangeAnnouncer } from '../changes/announced-transaction.ts';
import type { CursorCodec } from '../changes/change-log.ts';
import type { Viewer } from '../projects/policy.ts';
import { presentComment } from '../sync/comment-rules.ts';
import { readKindChanges } from '../sync/catch-up-read.ts';
import { EntityWrites } from '../sync/entity-writes.ts';

/** A comment row with its author's current name, as every read selects it. */
const withAuthor = { comment: comments, authorName: users.username };
const liveTask = and(eq(tasks.id, comments.taskId), isNull(tasks.deletedAt));

/**
 * Comments: a task's thread, the catch-up read of devices, and the REST writes, each written by the same
 * rules as a sync batch's operation (sync/comment-rules.ts). Every read joins the live task, so a deleted
 * task's comments are hidden with it.
 */
export class CommentService extends EntityWrites<
  'comment',
  Comment,
  { id?: string; taskId: string; body: string },
  UpdateComment
> {
  constructor(
    db: Db,
    private readonly cursors: CursorCodec,
    notifier: ChangeAnnouncer,
  ) {
    super(db, notifier, 'comment');
  }

  /** A task's thread, oldest first, tombstones in their place; `next` is the last id of a full page. */
  async thread(taskId: string, limit: number, after?: string): Promise<CommentThread> {
    // Keyset on (created_at, id), from the row `after` names (an unknown id starts nowhere: an empty page).
    const position: SQL | undefined = after
      ? sql`(${comments.createdAt}, ${comments.id}) > (select c.created_at, c.id from comments c where c.id = ${after} and c.task_id = ${taskId})`
      : undefined;
    const rows = await this.db
      .select(withAuthor)
      .from(comments)
      .innerJoin(tasks, liveTask)
      .leftJoin(users, eq(users.id, comments.createdBy))
      .where(and(eq(comments.taskId, taskId), position))
      .orderBy(asc(comments.createdAt), asc(comments.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      items: page.map((row) => presentComment(row.comment, row.authorName)),
      next: rows.length > limit ? page[page.length - 1]!.comment.id : null,
    };
  }

  /**
   * The comments of live tasks changed since a cursor (tombstones included), by the shared catch-up read;
   * without one, every comment of the live tasks from the start of the log, a page at a time.
   */
  async changes(
    viewer: Viewer,
    since: string | undefined,
    clientId: string | undefined,
  ): Promise<{ items: Comment[]; meta: ListMeta }> {
    return readKindChanges(this.db, this.cursors, 'comment', { viewer, since, clientId });
  }

  /** A comment on a live task; `created` is false when its client-made id names a comment this person made already. */
  async createOnTask(
    viewer: Viewer,
    taskId: string,
    input: CreateCommentRequest,
    actor: AuditActor,
  ): Promise<{ presented: Comment; created: boolean }> {
    await this.assertLiveTask(taskId);
    return this.create(viewer, { id: input.id, taskId, body: input.body }, actor);
  }

  /** A thread is read and written only while its task is: an unknown or deleted task is 404. */
  async assertLiveTask(taskId: string): Promise<void> {
    const [row] = await this.db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, taskId), isNull(tasks.deletedAt)));
    if (!row) throw notFound('Task');
  }
}
