import { and, desc, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditFilter } from '@jalon/contract';
import { auditFamilySchema } from '@jalon/contract';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferSelect;

/** Who is reading: a member sees their own entries, an administrator everyone's. */
export interface AuditViewer {
  userId: string;
  isAdmin: boolean;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);
const contains = (value: string) => `%${escapeLike(value)}%`;
/** A bare date as an end bound means the whole of that day. */
const endOf = (value: string) => (value.length === 10 ? new Date(`${value}T23:59:59.999Z`) : new Date(value));

export function auditConditions(viewer: AuditViewer, filter: AuditFilter, before?: number): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    viewer.isAdmin ? undefined : eq(auditLog.actorId, viewer.userId),
    filter.startDate ? gte(auditLog.createdAt, new Date(filter.startDate)) : undefined,
    filter.endDate ? lte(auditLog.createdAt, endOf(filter.endDate)) : undefined,
    filter.type
      ? or(eq(auditLog.type, filter.type), ilike(auditLog.type, `${escapeLike(filter.type)}.%`))
      : undefined,
    filter.user
      ? or(
          ilike(auditLog.actorName, contains(filter.user)),
          ilike(auditLog.actorEmail, contains(filter.user)),
        )
      : undefined,
    filter.resource ? eq(auditLog.resource, filter.resource) : undefined,
    filter.q
      ? or(
          ilike(auditLog.details, contains(filter.q)),
          ilike(auditLog.actorName, contains(filter.q)),
          ilike(auditLog.actorEmail, contains(filter.q)),
          ilike(auditLog.type, contains(filter.q)),
        )
      : undefined,
    before ? lt(auditLog.id, before) : undefined,
  ];
  return and(...conditions);
}

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: String(row.id),
  createdAt: row.createdAt.toISOString(),
  type: row.type,
  user: { id: row.actorId, name: row.actorName, email: row.actorEmail },
  ip: row.ip,
  userAgent: row.userAgent,
  resource: row.resource,
  outcome: row.outcome,
  details: row.details,
  metadata: row.metadata,
});

/** One page, newest first, by keyset on the id (stable while new rows arrive). */
export async function auditPage(
  db: Db,
  viewer: AuditViewer,
  filter: AuditFilter,
  limit: number,
  before?: number,
) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditConditions(viewer, filter, before))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? String(page[page.length - 1]!.id) : null };
}

/**
 * The columns the exports print. Only these are read: the hashes, the user agent and the metadata (JSON
 * the driver would parse) were a large part of what each row allocated, and an export allocates for
 * 100,000 rows in a second or two (docs/performance.md, audit export).
 */
const EXPORT_COLUMNS = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  type: auditLog.type,
  actorEmail: auditLog.actorEmail,
  actorName: auditLog.actorName,
  ip: auditLog.ip,
  resource: auditLog.resource,
  outcome: auditLog.outcome,
  details: auditLog.details,
};
export type AuditExportRow = Pick<AuditRow, keyof typeof EXPORT_COLUMNS>;

/** Every matching row, newest first, a page at a time: exports hold one page in memory, never all. */
export async function* allAuditRows(
  db: Db,
  viewer: AuditViewer,
  filter: AuditFilter,
  pageSize = 1_000,
): AsyncGenerator<AuditExportRow> {
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .select(EXPORT_COLUMNS)
      .from(auditLog)
      .where(auditConditions(viewer, filter, before))
      .orderBy(desc(auditLog.id))
      .limit(pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    before = rows[rows.length - 1]!.id;
  }
}

/** Entries per day and per family over the last `days` days (UTC), oldest first. */
export async function auditTrends(db: Db, viewer: AuditViewer, days: number, now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  const rows = await db
    .select({
      day: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      family: sql<string>`split_part(${auditLog.type}, '.', 1)`,
      failures: sql<number>`count(*) filter (where ${auditLog.outcome} = 'failure')::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(auditLog)
    .where(and(auditConditions(viewer, {}), gte(auditLog.createdAt, start)))
    .groupBy(sql`1`, sql`2`);
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  const families = auditFamilySchema.options;
  const byFamily = Object.fromEntries(families.map((family) => [family, dayList.map(() => 0)])) as Record<
    (typeof families)[number],
    number[]
  >;
  const failures = dayList.map(() => 0);
  for (const row of rows) {
    const index = dayList.indexOf(row.day);
    if (index < 0) continue;
    if ((families as readonly string[]).includes(row.family))
      byFamily[row.family as (typeof families)[number]][index]! += row.total;
    failures[index]! += row.failures;
  }
  return { days: dayList, byFamily, failures };
}
