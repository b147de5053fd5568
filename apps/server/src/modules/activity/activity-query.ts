import { and, desc, eq, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_TYPES, type ActivityEntry, type ActivityPeople } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { auditLog, tasks } from '../../db/schema.ts';

/**
 * The team's activity: the server's own project and task entries. Client-recorded events
 * (`project.client.*`) and the auth and security families stay in the owner's journal only, so no
 * member reads another's security events here (one instance is one team: every member sees every project).
 */
export const ACTIVITY_TYPES = [
  AUDIT_TYPES.projectCreated,
  AUDIT_TYPES.projectUpdated,
  AUDIT_TYPES.projectDeleted,
  AUDIT_TYPES.taskCreated,
  AUDIT_TYPES.taskUpdated,
  AUDIT_TYPES.taskDeleted,
  AUDIT_TYPES.taskRestored,
];

export interface ActivityFilter {
  actorId?: string;
  projectId?: string;
}

function conditions(filter: ActivityFilter, before?: number): SQL | undefined {
  return and(
    inArray(auditLog.type, ACTIVITY_TYPES),
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.projectId
      ? or(
          eq(auditLog.resource, `project:${filter.projectId}`),
          // Tasks keep their rows (tombstones) until the purge, so deleted tasks still count.
          inArray(
            auditLog.resource,
            sql`(select 'task:' || ${tasks.id}::text from ${tasks} where ${tasks.projectId} = ${filter.projectId})`,
          ),
        )
      : undefined,
    before ? lt(auditLog.id, before) : undefined,
  );
}

const taskIdOf = sql<
  string | null
>`case when ${auditLog.resource} like 'task:%' then substr(${auditLog.resource}, 6) end`;

export async function activityPage(db: Db, filter: ActivityFilter, limit: number, before?: number) {
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      type: auditLog.type,
      actorId: auditLog.actorId,
      actorName: auditLog.actorName,
      details: auditLog.details,
      resource: auditLog.resource,
      taskProjectId: tasks.projectId,
    })
    .from(auditLog)
    .leftJoin(tasks, sql`${tasks.id}::text = ${taskIdOf}`)
    .where(conditions(filter, before))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const items: ActivityEntry[] = page.map((row) => ({
    id: String(row.id),
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    actor: { id: row.actorId, name: row.actorName },
    details: row.details,
    target: targetOf(row.resource, row.taskProjectId),
  }));
  return { items, nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

function targetOf(resource: string | null, taskProjectId: string | null): ActivityEntry['target'] {
  const [kind, id] = resource?.split(':') ?? [];
  if (!id) return null;
  if (kind === 'project') return { kind, id, projectId: id };
  if (kind === 'task') return { kind, id, projectId: taskProjectId };
  return null;
}

/** Everyone who appears in the activity, by name, for the person filter. */
export async function activityPeople(db: Db): Promise<ActivityPeople> {
  const rows = await db
    .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName })
    .from(auditLog)
    .where(and(inArray(auditLog.type, ACTIVITY_TYPES), isNotNull(auditLog.actorId)))
    .orderBy(auditLog.actorId, desc(auditLog.id));
  return rows
    .map((row) => ({ id: row.id!, name: row.name ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}
