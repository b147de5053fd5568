import { announcedTransaction, type ChangeAnnouncer } from '../changes/announced-transaction.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import { AUDIT_TYPES, type CreateTaskRequest, type ListMeta, type Task, type TaskListParams, type UpdateTask } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { projects, tasks, users } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import type { ChangeKeyedCache } from '../changes/change-keyed-cache.ts';
import { changePosition, plainMeta, resetMeta, servesCursor, versionConflict, type CursorCodec } from '../changes/change-log.ts';
import { taskPageStatement, type TaskListRow, type TaskPagePosition, type TaskPageValues } from './task-list-sql.ts';
import type { Viewer } from '../projects/policy.ts';
import { describeChanges } from '../projects/project-service.ts';
import { madeBefore } from '../changes/made-before.ts';
import { canDeleteTask, canMoveTask } from './policy.ts';
import { recordTaskChanged, recordTaskCreated, recordTaskDeleted } from './task-bookkeeping.ts';

export type TaskRow = typeof tasks.$inferSelect;

/** A list page: the items as JSON text (an array), and the list's meta. */
export interface TaskListAnswer {
  itemsJson: string;
  meta: ListMeta;
}

export const presentTask = (row: TaskRow, viewer: Viewer, projectOwnerId: string | null): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  project: row.projectId,
  assignee: row.assigneeId,
  status: row.status,
  priority: row.priority,
  progress: row.progress,
  version: row.version,
  deadline: row.deadline?.toISOString() ?? null,
  estimatedMinutes: row.estimatedMinutes,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
  permissions: { canDelete: canDeleteTask(viewer, row, projectOwnerId) },
});

/** What a task adds to its project's progress: a done task counts 100, others their own progress. */
export const effectiveProgress = (task: Pick<TaskRow, 'status' | 'progress'>) => (task.status === 'done' ? 100 : task.progress);

const invalidReference = (path: string, message: string) =>
  new AppError(400, 'validation_failed', 'The request is not valid', { errors: [{ path, message }] });

/** Tasks: lists (plain and delta), create, update with version checks, delete as a tombstone. */
export class TaskService {
  /**
   * @param liveAnswers pages of live tasks kept while the change counter does not move (null: none kept).
   * Sized in UTF-16 code units of the JSON text.
   */
  constructor(
    private readonly db: Db,
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly cursors: CursorCodec,
    private readonly notifier: ChangeAnnouncer,
    private readonly liveAnswers: ChangeKeyedCache<TaskListAnswer> | null = null,
  ) {}

  /**
   * A page of live tasks (newest first), or of changes since a cursor. Answers the page as JSON text built
   * by the database (see task-list-sql.ts), with the list's meta.
   */
  async list(viewer: Viewer, query: TaskListParams): Promise<TaskListAnswer> {
    const common = { userId: viewer.userId, isAdmin: viewer.isAdmin, limit: query.limit, projectId: query.projectId, clientId: null };
    if (query.since === undefined) {
      // Permissions in the answer depend on who asks: the viewer is part of the key.
      const key = JSON.stringify([viewer.userId, viewer.isAdmin, query.projectId ?? null, query.after ?? null, query.limit]);
      const cached = this.liveAnswers?.get(key, (await changePosition(this.db)).value);
      if (cached) return cached;
      const after = query.after ? this.cursors.decodeAfter(query.after) : undefined;
      const row = await this.page(after ? 'after' : 'first', query.projectId !== undefined, {
        ...common,
        afterCreatedAt: after?.createdAt,
        afterId: after?.id,
      });
      const nextAfter = row.lastCreatedAt && row.lastId ? this.cursors.encodeAfter(row.lastCreatedAt, row.lastId) : null;
      const answer = { itemsJson: row.items, meta: plainMeta(this.cursors, row.seq, nextAfter) };
      this.liveAnswers?.set(key, row.seq, answer, row.items.length);
      return answer;
    }
    // The cursor is checked against the counter and horizon read by the page's own statement: one snapshot.
    const cursor = this.cursors.decode(query.since);
    const reset = async (seq?: number) => ({ itemsJson: '[]', meta: resetMeta(this.cursors, seq ?? (await changePosition(this.db)).value) });
    if (!cursor) return reset();
    const row = await this.page(cursor.id ? 'sinceWithin' : 'since', false, {
      ...common,
      seq: cursor.seq,
      seqId: cursor.id ?? undefined,
      clientId: query.clientId ?? null,
    });
    if (!servesCursor(cursor, { value: row.seq, horizon: row.horizon })) return reset(row.seq);
    const hasMore = row.lastChangeSeq !== null && row.lastId !== null;
    const next = hasMore ? { seq: row.lastChangeSeq!, id: row.lastId } : { seq: row.seq, id: null };
    const lastSeq = query.clientId ? { lastSeq: row.lastSeq } : {};
    return { itemsJson: row.items, meta: { cursor: this.cursors.encode(next), hasMore, nextAfter: null, resetRequired: false, ...lastSeq } };
  }

  private async page(position: TaskPagePosition, inProject: boolean, values: TaskPageValues): Promise<TaskListRow> {
    const [row] = await taskPageStatement(position, inProject).rows<TaskListRow>(this.pool, values);
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

  /** Creates a task; `created` is false when its client-made id names a task this person made already. */
  async create(viewer: Viewer, input: CreateTaskRequest, actor: AuditActor): Promise<{ task: Task; created: boolean }> {
    return announcedTransaction(this.db, this.notifier, viewer.userId, async (tx, changeSeq) => {
      const project = await lockLiveProject(tx, input.project!, 'project');
      // Creates in one project wait on its lock, so a second send of the same id finds the first's row here.
      const made = input.id ? madeBefore((await tx.select().from(tasks).where(eq(tasks.id, input.id)))[0], viewer, (row) => row.createdBy) : null;
      if (made) return { task: presentTask(made, viewer, await projectOwnerOf(tx, made.projectId)), created: false };
      if (input.assignee) await assertUserExists(tx, input.assignee);
      const [row] = await tx
        .insert(tasks)
        .values({
          ...(input.id && { id: input.id }),
          projectId: project.id,
          title: input.title!,
          description: input.description ?? '',
          status: (input.status as TaskRow['status'] | undefined) ?? 'todo',
          priority: input.priority ?? 'medium',
          progress: input.progress ?? 0,
          assigneeId: input.assignee ?? null,
          deadline: input.deadline ? new Date(input.deadline) : null,
          estimatedMinutes: input.estimatedMinutes ?? null,
          createdBy: viewer.userId,
          completedAt: input.status === 'done' ? new Date() : null,
          changeSeq,
        })
        .returning();
      await adjustProject(tx, project.id, changeSeq, 1, effectiveProgress(row!));
      await recordTaskCreated(tx, row!, row!.createdAt);
      await appendAudit(tx, { type: AUDIT_TYPES.taskCreated, actor, outcome: 'success', resource: `task:${row!.id}`, details: `Tâche créée : ${row!.title}`, metadata: { project: project.id } });
      return { task: presentTask(row!, viewer, project.ownerId), created: true };
    });
  }

  async update(viewer: Viewer, id: string, patch: UpdateTask, clientVersion: number | undefined, actor: AuditActor): Promise<Task> {
    return announcedTransaction(this.db, this.notifier, viewer.userId, async (tx, changeSeq) => {
      const current = await lockLiveTask(tx, id);
      if (clientVersion !== undefined && clientVersion !== current.version) {
        const [owner] = await tx.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, current.projectId));
        throw versionConflict(presentTask(current, viewer, owner?.ownerId ?? null), current.version, patch, clientVersion);
      }
      const target = patch.project && patch.project !== current.projectId ? await lockLiveProject(tx, patch.project, 'project') : null;
      if (target) {
        const [from] = await tx.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, current.projectId));
        if (!canMoveTask(viewer, current, from?.ownerId ?? null)) {
          throw new AppError(403, 'forbidden', 'Only the creator of a task, the owner of its project or an administrator can move it to another project');
        }
      }
      if (patch.assignee) await assertUserExists(tx, patch.assignee);
      const changes: Partial<TaskRow> = {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.status !== undefined ? { status: patch.status as TaskRow['status'] } : {}),
        ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
        ...(patch.progress !== undefined ? { progress: patch.progress } : {}),
        ...(patch.deadline !== undefined ? { deadline: patch.deadline === null ? null : new Date(patch.deadline) } : {}),
        ...(patch.estimatedMinutes !== undefined ? { estimatedMinutes: patch.estimatedMinutes } : {}),
        ...(patch.assignee !== undefined ? { assigneeId: patch.assignee } : {}),
        ...(target ? { projectId: target.id } : {}),
      };
      if (changes.status && changes.status !== current.status) changes.completedAt = changes.status === 'done' ? new Date() : null;
      const [row] = await tx
        .update(tasks)
        .set({ ...changes, version: current.version + 1, updatedAt: new Date(), changeSeq })
        .where(eq(tasks.id, id))
        .returning();
      if (target) {
        await adjustProject(tx, current.projectId, changeSeq, -1, -effectiveProgress(current));
        await adjustProject(tx, target.id, changeSeq, 1, effectiveProgress(row!));
      } else if (effectiveProgress(row!) !== effectiveProgress(current)) {
        await adjustProject(tx, current.projectId, changeSeq, 0, effectiveProgress(row!) - effectiveProgress(current));
      }
      await recordTaskChanged(tx, current, row!, row!.updatedAt);
      await appendAudit(tx, {
        type: AUDIT_TYPES.taskUpdated,
        actor,
        outcome: 'success',
        resource: `task:${id}`,
        details: `Tâche modifiée : ${row!.title}`,
        metadata: { changes: describeChanges(current, changes) },
      });
      const [owner] = await tx.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, row!.projectId));
      return presentTask(row!, viewer, owner?.ownerId ?? null);
    });
  }

  async delete(viewer: Viewer, id: string, clientVersion: number | undefined, actor: AuditActor): Promise<void> {
    await announcedTransaction(this.db, this.notifier, viewer.userId, async (tx, changeSeq) => {
      const current = await lockLiveTask(tx, id);
      const [project] = await tx.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, current.projectId));
      if (!canDeleteTask(viewer, current, project?.ownerId ?? null)) {
        throw new AppError(403, 'forbidden', 'Only the creator of a task, the owner of its project or an administrator can delete it');
      }
      if (clientVersion !== undefined && clientVersion !== current.version) {
        throw versionConflict(presentTask(current, viewer, project?.ownerId ?? null), current.version, null, clientVersion);
      }
      const now = new Date();
      await tx.update(tasks).set({ deletedAt: now, updatedAt: now, version: current.version + 1, changeSeq }).where(eq(tasks.id, id));
      await adjustProject(tx, current.projectId, changeSeq, -1, -effectiveProgress(current));
      await recordTaskDeleted(tx, current);
      await appendAudit(tx, { type: AUDIT_TYPES.taskDeleted, actor, outcome: 'success', resource: `task:${id}`, details: `Tâche supprimée : ${current.title}`, metadata: { project: current.projectId } });
    });
  }
}

async function lockLiveTask(tx: Tx, id: string): Promise<TaskRow> {
  const [row] = await tx.select().from(tasks).where(and(eq(tasks.id, id), isNull(tasks.deletedAt))).for('update');
  if (!row) throw notFound('Task');
  return row;
}

/** The project a task belongs to, locked because its counters change in this transaction. */
const projectOwnerOf = async (tx: Tx, id: string): Promise<string | null> =>
  (await tx.select({ ownerId: projects.ownerId }).from(projects).where(eq(projects.id, id)))[0]?.ownerId ?? null;

async function lockLiveProject(tx: Tx, id: string, path: string) {
  const [row] = await tx
    .select({ id: projects.id, ownerId: projects.ownerId })
    .from(projects)
    .where(and(eq(projects.id, id), isNull(projects.deletedAt)))
    .for('update');
  if (!row) throw invalidReference(path, 'Unknown project');
  return row;
}

async function assertUserExists(tx: Tx, id: string): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!row) throw invalidReference('assignee', 'Unknown user');
}

/** Keeps a project's task count and progress sum exact, and marks it changed for delta readers. */
async function adjustProject(tx: Tx, projectId: string, changeSeq: number, countDelta: number, progressDelta: number): Promise<void> {
  await tx
    .update(projects)
    .set({
      taskCount: sql`${projects.taskCount} + ${countDelta}`,
      progressSum: sql`${projects.progressSum} + ${progressDelta}`,
      changeSeq,
    })
    .where(eq(projects.id, projectId));
}
