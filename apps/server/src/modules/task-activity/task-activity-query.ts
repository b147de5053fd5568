import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  AUDIT_TYPES,
  TASK_ACTIVITY_FIELDS,
  type TaskActivityChange,
  type TaskActivityEntry,
  type TaskActivityField,
  type TaskActivityKind,
} from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

/** The audit entries that make up a task's history, and what each one was. */
const KIND_OF_TYPE: Record<string, TaskActivityKind> = {
  [AUDIT_TYPES.taskCreated]: 'created',
  [AUDIT_TYPES.taskUpdated]: 'updated',
  // A comment's edits and deletions are the comment's own story: the task's history tells that it was commented.
  [AUDIT_TYPES.taskCommentCreated]: 'commented',
  [AUDIT_TYPES.taskDeleted]: 'deleted',
  [AUDIT_TYPES.taskRestored]: 'restored',
};

/**
 * The audit row names the columns it changed (`assigneeId`, `projectId`); the history speaks the API's
 * names. Columns the server derives (`completedAt`) are left out: the status change already says it.
 */
const FIELD_OF_COLUMN: Record<string, TaskActivityField> = {
  ...Object.fromEntries(TASK_ACTIVITY_FIELDS.map((field) => [field, field])),
  assigneeId: 'assignee',
  projectId: 'project',
};

type ChangeValue = TaskActivityChange['from'];
const asValue = (value: unknown): ChangeValue =>
  value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)
    ? ((value ?? null) as ChangeValue)
    : JSON.stringify(value);

function changesOf(metadata: Record<string, unknown>): TaskActivityChange[] {
  const recorded = metadata.changes;
  if (recorded === null || typeof recorded !== 'object') return [];
  return Object.entries(recorded as Record<string, unknown>).flatMap(([column, pair]) => {
    const field = FIELD_OF_COLUMN[column];
    if (!field || !Array.isArray(pair)) return [];
    return [{ field, from: asValue(pair[0]), to: asValue(pair[1]) }];
  });
}

/** A page of one task's history, newest first; `next` is the `before` of the following page. */
export async function taskActivityPage(db: Db, taskId: string, limit: number, before?: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      type: auditLog.type,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      // The member's name now, as everywhere else in the app; the name at the time if they were purged.
      username: users.username,
      metadata: auditLog.metadata,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.resource, `task:${taskId}`),
        inArray(auditLog.type, Object.keys(KIND_OF_TYPE)),
        eq(auditLog.outcome, 'success'),
        before ? lt(auditLog.id, before) : undefined,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items: TaskActivityEntry[] = page.map((row) => ({
    id: String(row.id),
    at: row.createdAt.toISOString(),
    actor: row.actorId ? { id: row.actorId, username: row.username ?? row.actorName ?? '' } : null,
    kind: KIND_OF_TYPE[row.type]!,
    changes: changesOf(row.metadata),
  }));
  return { items, next: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}
