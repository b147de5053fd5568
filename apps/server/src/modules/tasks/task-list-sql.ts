import { sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../projects/policy.ts';

/** ISO 8601 in UTC with milliseconds, exactly as `Date.prototype.toISOString` writes it. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The task presenter in SQL, for lists: PostgreSQL (or PGlite, on its worker thread) builds the JSON, and
 * the HTTP thread sends it without parsing, mapping or serialising a thousand rows. It must say exactly
 * what `presentTask` says; a test compares the two on the same rows.
 */
export function taskJson(alias: string, viewer: Viewer): SQL {
  const t = (column: string) => sql.raw(`${alias}.${column}`);
  return sql`json_build_object(
    'id', ${t('id')}, 'title', ${t('title')}, 'description', ${t('description')}, 'project', ${t('project_id')},
    'assignee', ${t('assignee_id')}, 'status', ${t('status')}, 'priority', ${t('priority')}, 'progress', ${t('progress')},
    'version', ${t('version')}, 'deadline', ${iso(t('deadline'))}, 'estimatedMinutes', ${t('estimated_minutes')},
    'createdBy', ${t('created_by')}, 'createdAt', ${iso(t('created_at'))}, 'updatedAt', ${iso(t('updated_at'))},
    'deletedAt', ${iso(t('deleted_at'))},
    'permissions', json_build_object('canDelete',
      ${viewer.isAdmin} or coalesce(${t('created_by')} = ${viewer.userId}::uuid, false)
      or coalesce(${t('project_owner_id')} = ${viewer.userId}::uuid, false)))`;
}

export type TaskListRow = {
  /** The change counter and horizon, read in the same statement (one snapshot) as the page. */
  seq: number;
  horizon: number;
  /** The page as a JSON array text, in order. */
  items: string;
  /** The position of the last row of the page, when there is a next page. */
  lastCreatedAt: string | null;
  lastChangeSeq: number | null;
  lastId: string | null;
};

/**
 * One statement, one round trip: the counter, a page of `limit` rows (reading `limit + 1` to know whether
 * more follow) and the last row's position.
 */
export function taskPageSql(options: { viewer: Viewer; where: SQL; orderBy: SQL; limit: number }): SQL {
  const { viewer, where, orderBy, limit } = options;
  return sql`
    with page as (
      select t.*, p.owner_id as project_owner_id, row_number() over (order by ${orderBy}) as rn
      from tasks t join projects p on p.id = t.project_id
      where ${where}
      order by ${orderBy}
      limit ${limit + 1}
    )
    select c.value as seq, c.horizon as horizon,
      coalesce((select json_agg(${taskJson('page', viewer)} order by page.rn) from page where page.rn <= ${limit}), '[]')::text as items,
      (select to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from page where page.rn = ${limit} and exists (select 1 from page where page.rn > ${limit})) as "lastCreatedAt",
      (select page.change_seq from page where page.rn = ${limit} and exists (select 1 from page where page.rn > ${limit})) as "lastChangeSeq",
      (select page.id from page where page.rn = ${limit} and exists (select 1 from page where page.rn > ${limit})) as "lastId"
    from change_counter c where c.id = 1`;
}
