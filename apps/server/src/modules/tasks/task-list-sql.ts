import { sql, type SQL } from 'drizzle-orm';
import { RenderedStatement } from '../../db/rendered-statement.ts';

/** ISO 8601 in UTC with milliseconds, exactly as `Date.prototype.toISOString` writes it. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/*
 * JSON values as text. The object is assembled as text rather than with json_build_object: that function
 * looks up how to write each argument's type on every call, which made it 1.5–1.8 times slower on a
 * 1,000-task page (bench/tasks). Only `string` escapes; the others are for values that cannot hold a
 * character JSON would need escaped (UUIDs, the ISO times above, numbers, booleans).
 */
const string = (value: SQL) => sql`coalesce(to_json(${value})::text, 'null')`;
const quoted = (value: SQL) => sql`coalesce('"' || ${value} || '"', 'null')`;
const number = (value: SQL) => sql`coalesce((${value})::text, 'null')`;
const boolean = (value: SQL) => sql`case when ${value} then 'true' else 'false' end`;

/** `{"key":value,…}` as one SQL text expression; keys are written as literals, so they must be plain words. */
function object(fields: Array<[key: string, value: SQL]>): SQL {
  const parts: SQL[] = [];
  fields.forEach(([key, value], index) => {
    if (!/^[A-Za-z]+$/.test(key)) throw new Error(`JSON key "${key}" must be a plain word`);
    parts.push(sql.raw(`'${index === 0 ? '{' : ','}"${key}":'`), value);
  });
  return sql`concat(${sql.join(parts, sql`, `)}, '}')`;
}

/** Who reads, for the permissions in each task: the placeholders `userId` and `isAdmin`. */
const viewer = { userId: sql.placeholder('userId'), isAdmin: sql.placeholder('isAdmin') };

/**
 * The task presenter in SQL, for lists: PostgreSQL (or PGlite, on its worker thread) builds the JSON, and
 * the HTTP thread sends it without parsing, mapping or serialising a thousand rows. It must say exactly
 * what `presentTask` says; a test compares the two on the same rows.
 */
function taskJson(alias: string): SQL {
  const t = (column: string) => sql.raw(`${alias}.${column}`);
  return object([
    ['id', quoted(t('id'))],
    ['title', string(t('title'))],
    ['description', string(t('description'))],
    ['project', quoted(t('project_id'))],
    ['assignee', quoted(t('assignee_id'))],
    ['status', string(t('status'))],
    ['priority', string(t('priority'))],
    ['progress', number(t('progress'))],
    ['version', number(t('version'))],
    ['deadline', quoted(iso(t('deadline')))],
    ['estimatedMinutes', number(t('estimated_minutes'))],
    // UUIDs only, so the array's JSON needs no escaping of ours.
    ['labels', sql`array_to_json(${t('labels')})::text`],
    ['parent', quoted(t('parent_id'))],
    ['position', number(t('position'))],
    ['createdBy', quoted(t('created_by'))],
    ['createdAt', quoted(iso(t('created_at')))],
    ['updatedAt', quoted(iso(t('updated_at')))],
    ['deletedAt', quoted(iso(t('deleted_at')))],
    [
      'permissions',
      object([
        [
          'canDelete',
          boolean(sql`${viewer.isAdmin}::boolean or coalesce(${t('created_by')} = ${viewer.userId}::uuid, false)
            or coalesce(${t('project_owner_id')} = ${viewer.userId}::uuid, false)`),
        ],
      ]),
    ],
  ]);
}

export type TaskListRow = {
  /** The change counter, read in the same statement (one snapshot) as the page. */
  seq: number;
  /** The page as a JSON array text, in order. */
  items: string;
  /** The position of the last row of the page, when there is a next page. */
  lastCreatedAt: string | null;
  lastId: string | null;
};

/**
 * Where a page starts: the newest live tasks, or those older than a keyset position (`after`). Changes
 * past a cursor are the shared catch-up read's (sync/catch-up-read.ts).
 */
export type TaskPagePosition = 'first' | 'after';

/** The values of a page statement; which are needed depends on its shape (see `taskPageStatement`). */
export interface TaskPageValues extends Record<string, unknown> {
  userId: string;
  isAdmin: boolean;
  /** The page size; `limit + 1` rows are read to know whether more follow. */
  limit: number;
  projectId?: string;
  /** The labels every task of the page carries (a uuid[] literal), when filtered by label. */
  labels?: string;
  /** The parent of every task of the page, when filtered by parent. */
  parent?: string;
  /** The status of every task of the page, when filtered by status. */
  status?: string;
  /** The assignee of every task of the page, when filtered by assignee. */
  assignee?: string;
  afterCreatedAt?: string;
  afterId?: string;
}

const placeholder = sql.placeholder;
const whereOf: Record<TaskPagePosition, SQL> = {
  first: sql`t.deleted_at is null`,
  after: sql`t.deleted_at is null
    and (t.created_at, t.id) < (${placeholder('afterCreatedAt')}::timestamptz, ${placeholder('afterId')}::uuid)`,
};
const newestFirst = sql`t.created_at desc, t.id desc`;

/**
 * One statement, one round trip, one snapshot: the counter, a page of `limit` rows (reading `limit + 1` to know whether more follow) and the last row's position.
 *
 * The page is read once and folded into arrays in one pass (in page order); slicing them gives the items
 * and the last row. A CTE read by several sub-selects, as this was first written, cost three times as
 * much on PGlite (bench/tasks).
 */
function taskPageSql(where: SQL): SQL {
  const orderBy = newestFirst;
  const limit = sql`${placeholder('limit')}::int`;
  const hasMore = sql`cardinality(page.items) > ${limit}`;
  return sql`
    select c.value as seq,
      '[' || coalesce(array_to_string(page.items[1:${limit}], ','), '') || ']' as items,
      case when ${hasMore} then page.created[${limit}] end as "lastCreatedAt",
      case when ${hasMore} then page.ids[${limit}] end as "lastId"
    from change_counter c cross join lateral (
      select array_agg(${taskJson('t')} order by ${orderBy}) as items,
        array_agg(to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') order by ${orderBy}) as created,
        array_agg(t.id order by ${orderBy}) as ids
      from (
        select t.*, p.owner_id as project_owner_id
        from tasks t join projects p on p.id = t.project_id
        where ${where}
        order by ${orderBy}
        limit ${limit} + 1
      ) t
    ) page
    where c.id = 1`;
}

const statements = new Map<string, RenderedStatement<TaskPageValues>>();

/** Which filters a page statement applies: a project, labels the tasks all carry, a parent, a status, an assignee. */
export interface TaskPageFilters {
  project: boolean;
  labels: boolean;
  parent: boolean;
  status: boolean;
  assignee: boolean;
}

/** The page statement of one shape (where it starts, which filters), rendered once. */
export function taskPageStatement(
  position: TaskPagePosition,
  filters: TaskPageFilters,
): RenderedStatement<TaskPageValues> {
  const key = `${position}:${filters.project}:${filters.labels}:${filters.parent}:${filters.status}:${filters.assignee}`;
  let statement = statements.get(key);
  if (!statement) {
    const scope = sql.join(
      [
        filters.project ? sql` and t.project_id = ${placeholder('projectId')}::uuid` : sql``,
        filters.labels ? sql` and t.labels @> ${placeholder('labels')}::uuid[]` : sql``,
        filters.parent ? sql` and t.parent_id = ${placeholder('parent')}::uuid` : sql``,
        filters.status ? sql` and t.status = ${placeholder('status')}` : sql``,
        filters.assignee ? sql` and t.assignee_id = ${placeholder('assignee')}::uuid` : sql``,
      ],
      sql``,
    );
    statement = new RenderedStatement(taskPageSql(sql`${whereOf[position]}${scope}`));
    statements.set(key, statement);
  }
  return statement;
}
