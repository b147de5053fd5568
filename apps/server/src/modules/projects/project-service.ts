import { announcedTransaction, type ChangeAnnouncer } from '../changes/announced-transaction.ts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AUDIT_TYPES, type CreateProjectRequest, type ListMeta, type Project, type UpdateProject } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { projects, tasks } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import {
  changePosition,
  deltaPage,
  deltaStart,
  deltaWhere,
  plainMeta,
  resetMeta,
  versionConflict,
  type CursorCodec,
} from '../changes/change-log.ts';
import { canDeleteProject, type Viewer } from './policy.ts';
import { madeBefore } from '../changes/made-before.ts';
import { forgetProjectCounts } from '../tasks/task-bookkeeping.ts';
import { lastSeqOf } from '../sync/sync-clients.ts';

export type ProjectRow = typeof projects.$inferSelect;

export const presentProject = (row: ProjectRow, viewer: Viewer): Project => ({
  id: row.id,
  name: row.name,
  description: row.description,
  deadline: row.deadline?.toISOString() ?? null,
  status: row.status,
  progress: row.taskCount > 0 ? Math.round(row.progressSum / row.taskCount) : 0,
  taskCount: row.taskCount,
  ownerId: row.ownerId,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
  permissions: { canDelete: canDeleteProject(viewer, row) },
});

const DELTA_PAGE = 500;

/** Projects: create, read, update and delete (as a tombstone, with all their tasks). */
export class ProjectService {
  constructor(
    private readonly db: Db,
    private readonly cursors: CursorCodec,
    private readonly notifier: ChangeAnnouncer,
  ) {}

  async list(viewer: Viewer, since?: string, clientId?: string): Promise<{ items: Project[]; meta: ListMeta }> {
    return this.db.transaction(
      async (tx) => {
        const position = await changePosition(tx);
        if (since === undefined) {
          const rows = await tx.select().from(projects).where(isNull(projects.deletedAt)).orderBy(desc(projects.createdAt), desc(projects.id));
          return { items: rows.map((row) => presentProject(row, viewer)), meta: plainMeta(this.cursors, position.value) };
        }
        const cursor = deltaStart(this.cursors, since, position);
        if (!cursor) return { items: [], meta: resetMeta(this.cursors, position.value) };
        const rows = await tx
          .select()
          .from(projects)
          .where(deltaWhere(cursor, projects.changeSeq, projects.id))
          .orderBy(projects.changeSeq, projects.id)
          .limit(DELTA_PAGE + 1);
        const { page, meta } = deltaPage(this.cursors, rows, DELTA_PAGE, position);
        const lastSeq = clientId ? { lastSeq: await lastSeqOf(tx, clientId, viewer.userId) } : {};
        return { items: page.map((row) => presentProject(row, viewer)), meta: { ...meta, ...lastSeq } };
      },
      // One snapshot for the counter, the horizon, the page and the device's lastSeq (docs/sync-protocol.md, "Catch-up reads").
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async get(viewer: Viewer, id: string): Promise<Project> {
    const [row] = await this.db.select().from(projects).where(and(eq(projects.id, id), isNull(projects.deletedAt)));
    if (!row) throw notFound('Project');
    return presentProject(row, viewer);
  }

  /** Creates a project; `created` is false when its client-made id names a project this person made already. */
  async create(viewer: Viewer, input: CreateProjectRequest, actor: AuditActor): Promise<{ project: Project; created: boolean }> {
    return announcedTransaction(this.db, this.notifier, viewer.userId, async (tx, changeSeq) => {
      const madeAgain = async (id: string) => madeBefore((await tx.select().from(projects).where(eq(projects.id, id)))[0], viewer, (row) => row.ownerId);
      const made = input.id ? await madeAgain(input.id) : null;
      if (made) return { project: presentProject(made, viewer), created: false };
      const [row] = await tx
        .insert(projects)
        .values({
          ...(input.id && { id: input.id }),
          name: input.name,
          description: input.description,
          deadline: new Date(input.deadline),
          status: input.status ?? 'active',
          ownerId: viewer.userId,
          changeSeq,
        })
        // Two sends of one id at the same moment: the second waits for the first and answers its row.
        .onConflictDoNothing({ target: projects.id })
        .returning();
      if (!row) return { project: presentProject((await madeAgain(input.id!))!, viewer), created: false };
      await appendAudit(tx, { type: AUDIT_TYPES.projectCreated, actor, outcome: 'success', resource: `project:${row.id}`, details: `Projet créé : ${row.name}` });
      return { project: presentProject(row, viewer), created: true };
    });
  }

  async update(viewer: Viewer, id: string, patch: UpdateProject, clientVersion: number | undefined, actor: AuditActor): Promise<Project> {
    return announcedTransaction(this.db, this.notifier, viewer.userId, async (tx, changeSeq) => {
      const current = await this.lockLive(tx, id);
      if (clientVersion !== undefined && clientVersion !== current.version) {
        throw versionConflict(presentProject(current, viewer), current.version, patch, clientVersion);
      }
      const changes = {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.deadline !== undefined ? { deadline: patch.deadline === null ? null : new Date(patch.deadline) } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
      };
      const [row] = await tx
        .update(projects)
        .set({ ...changes, version: current.version + 1, updatedAt: new Date(), changeSeq })
        .where(eq(projects.id, id))
        .returning();
      await appendAudit(tx, {
        type: AUDIT_TYPES.projectUpdated,
        actor,
        outcome: 'success',
        resource: `project:${id}`,
        details: `Projet modifié : ${row!.name}`,
        metadata: { changes: describeChanges(current, changes) },
      });
      return presentProject(row!, viewer);
    });
  }

  /** A tombstone for the project and each of its live tasks, in one change, so devices away learn of both. */
  async delete(viewer: Viewer, id: string, clientVersion: number | undefined, actor: AuditActor): Promise<void> {
    await announcedTransaction(this.db, this.notifier, viewer.userId, async (tx, changeSeq) => {
      const current = await this.lockLive(tx, id);
      if (!canDeleteProject(viewer, current)) throw new AppError(403, 'forbidden', 'Only the owner of a project or an administrator can delete it');
      if (clientVersion !== undefined && clientVersion !== current.version) {
        throw versionConflict(presentProject(current, viewer), current.version, null, clientVersion);
      }
      const now = new Date();
      const removedTasks = await tx
        .update(tasks)
        .set({ deletedAt: now, updatedAt: now, version: sql`${tasks.version} + 1`, changeSeq })
        .where(and(eq(tasks.projectId, id), isNull(tasks.deletedAt)))
        .returning({ id: tasks.id });
      await tx
        .update(projects)
        .set({ deletedAt: now, updatedAt: now, version: current.version + 1, changeSeq, taskCount: 0, progressSum: 0 })
        .where(eq(projects.id, id));
      await forgetProjectCounts(tx, id);
      await appendAudit(tx, {
        type: AUDIT_TYPES.projectDeleted,
        actor,
        outcome: 'success',
        resource: `project:${id}`,
        details: `Projet supprimé : ${current.name}`,
        metadata: { tasksDeleted: removedTasks.length },
      });
    });
  }

  private async lockLive(tx: Tx, id: string): Promise<ProjectRow> {
    const [row] = await tx.select().from(projects).where(and(eq(projects.id, id), isNull(projects.deletedAt))).for('update');
    if (!row) throw notFound('Project');
    return row;
  }
}

/** `{field: [before, after]}` for the audit row, long texts shortened. */
export function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const shorten = (value: unknown) => (typeof value === 'string' && value.length > 120 ? `${value.slice(0, 120)}…` : value instanceof Date ? value.toISOString() : value);
  return Object.fromEntries(
    Object.entries(after)
      .filter(([key, value]) => String(before[key] instanceof Date ? (before[key] as Date).toISOString() : before[key]) !== String(value instanceof Date ? value.toISOString() : value))
      .map(([key, value]) => [key, [shorten(before[key]), shorten(value)]]),
  );
}
