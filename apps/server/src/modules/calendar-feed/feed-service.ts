import { and, asc, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { AUDIT_TYPES, type CalendarFeedStatus } from '@jalon/contract';
import type { Db, Tx } from '../../db/client.ts';
import { calendarFeeds, projects, tasks, users } from '../../db/schema.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { appendAudit, type AuditActor } from '../audit/audit-writer.ts';
import { feedIcs } from './feed-ics.ts';

/** Deletes a person's feed inside the caller's transaction (a deactivation); returns whether there was one. */
export async function deleteFeedOf(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

/**
 * The calendar feed: one secret address per person that a calendar app reads without signing in. Only
 * the secret's hash is kept, so the address is shown once; making a new one replaces the old.
 */
export class CalendarFeedService {
  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
  ) {}

  async create(userId: string, actor: AuditActor): Promise<string> {
    const secret = newToken();
    await this.db.transaction(async (tx) => {
      const replaced = await deleteFeedOf(tx, userId);
      await tx.insert(calendarFeeds).values({ userId, tokenHash: sha256(secret) });
      await appendAudit(tx, {
        type: AUDIT_TYPES.calendarFeedCreated,
        actor,
        outcome: 'success',
        resource: `user:${userId}`,
        details: replaced ? 'Flux agenda remplacé' : 'Flux agenda créé',
      });
    });
    return `${this.publicUrl}/api/calendar/${secret}.ics`;
  }

  async status(userId: string): Promise<CalendarFeedStatus> {
    const [row] = await this.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    return { active: row !== undefined, createdAt: row?.createdAt.toISOString() ?? null };
  }

  /** Whether there was a feed to revoke. */
  async revoke(userId: string, actor: AuditActor): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const revoked = await deleteFeedOf(tx, userId);
      if (revoked) {
        await appendAudit(tx, {
          type: AUDIT_TYPES.calendarFeedRevoked,
          actor,
          outcome: 'success',
          resource: `user:${userId}`,
          details: 'Flux agenda révoqué',
        });
      }
      return revoked;
    });
  }

  /** The feed's text for a secret, or null when it names no live feed of an active person. */
  async read(secret: string): Promise<string | null> {
    const [owner] = await this.db
      .select({ id: users.id, username: users.username })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(and(eq(calendarFeeds.tokenHash, sha256(secret)), isNull(users.deactivatedAt)));
    if (!owner) return null;
    const taskRows = await this.db
      .select({
        id: tasks.id,
        title: tasks.title,
        status: tasks.status,
        deadline: tasks.deadline,
        projectName: projects.name,
        updatedAt: tasks.updatedAt,
      })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(
        and(
          eq(tasks.assigneeId, owner.id),
          isNotNull(tasks.deadline),
          isNull(tasks.deletedAt),
          isNull(projects.deletedAt),
        ),
      )
      .orderBy(asc(tasks.deadline), asc(tasks.id));
    // The projects the person works in: theirs, or one where a live task is assigned to them.
    const assignedThere = this.db
      .select({ one: sql`1` })
      .from(tasks)
      .where(and(eq(tasks.projectId, projects.id), eq(tasks.assigneeId, owner.id), isNull(tasks.deletedAt)));
    const projectRows = await this.db
      .select({
        id: projects.id,
        name: projects.name,
        deadline: projects.deadline,
        updatedAt: projects.updatedAt,
      })
      .from(projects)
      .where(
        and(
          isNotNull(projects.deadline),
          isNull(projects.deletedAt),
          or(eq(projects.ownerId, owner.id), exists(assignedThere)),
        ),
      )
      .orderBy(asc(projects.deadline), asc(projects.id));
    return feedIcs({
      publicUrl: this.publicUrl,
      personName: owner.username,
      tasks: taskRows.map((row) => ({ ...row, deadline: row.deadline! })),
      projects: projectRows.map((row) => ({ ...row, deadline: row.deadline! })),
    });
  }
}
