import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  SEARCH,
  SEARCH_KINDS,
  excerptOf,
  type SearchHighlight,
  type SearchItem,
  type SearchPage,
} from '@jalon/contract';
import type { Database } from '../../db/client.ts';
import { RenderedStatement } from '../../db/rendered-statement.ts';
import { AppError } from '../../lib/errors.ts';
import { INDEXED_TABLES, commonLexemes, textArrayLiteral, type IndexedTable } from './common-lexemes.ts';

/*
 * Full-text search over the stored `search_vector` columns (migrations 0011 and 0013: the `jalon_search`
 * configuration, French stemming with accents folded; decision 0080). Every member sees every project
 * (one instance is one team), so what a member may find is what is live: a deleted task or project is
 * never found, and a deleted project's tasks are deleted with it.
 */

/** A short name's vector, made as the query runs: label names and people's names are few and short. */
const nameVector = (column: string) =>
  sql.raw(`setweight(to_tsvector('jalon_search', jalon_search_fold(${column})), 'A')`);

/**
 * A stored vector's match: the GIN index reads the question's words that are rare in the table only
 * (`query.<table>`, migration 0015), and the whole question is checked again on the rows they find, so the
 * matches are exactly the question's. When no word is left out (null), the index reads the question itself.
 */
const storedMatch = (alias: string, table: IndexedTable) =>
  sql.raw(
    `${alias}.search_vector @@ coalesce(query.${table}, query.tsq)
      and (query.${table} is null or ts_match_vq(${alias}.search_vector, query.tsq))`,
  );

/**
 * Each source gives its live matches of `query.tsq` as (kind, id, task_id, title, body, rank). Another
 * kind of thing to find is one more entry here, with its own GIN index where its table is large. A
 * comment is found under its task's title, and only while it and its task are live. Labels and active
 * members are read whole (hundreds of short names, against 100,000 tasks): their vectors need no index.
 * A person is found by name only: the e-mail address is not shown to every member.
 */
const SOURCES: SQL[] = [
  sql`select 'task'::text as kind, t.id, t.id as task_id, t.title, t.description as body,
        ts_rank(t.search_vector, query.tsq) as rank
      from tasks t, query
      where t.deleted_at is null and ${storedMatch('t', 'tasks')}`,
  sql`select 'project'::text, p.id, null::uuid, p.name, p.description, ts_rank(p.search_vector, query.tsq)
      from projects p, query
      where p.deleted_at is null and ${storedMatch('p', 'projects')}`,
  sql`select 'comment'::text, c.id, c.task_id, t.title, c.body, ts_rank(c.search_vector, query.tsq)
      from comments c join tasks t on t.id = c.task_id, query
      where c.deleted_at is null and t.deleted_at is null and ${storedMatch('c', 'comments')}`,
  sql`select 'label'::text, l.id, null::uuid, l.name, ''::text, ts_rank(${nameVector('l.name')}, query.tsq)
      from labels l, query
      where l.deleted_at is null and ${nameVector('l.name')} @@ query.tsq`,
  sql`select 'person'::text, u.id, null::uuid, u.username, ''::text, ts_rank(${nameVector('u.username')}, query.tsq)
      from users u, query
      where u.deactivated_at is null and ${nameVector('u.username')} @@ query.tsq`,
];

/*
 * ts_headline marks the matched words with these two private-use characters (taken out of the text
 * first, so stored text cannot forge a mark); the marks become ranges over plain text here.
 */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const unmarked = (column: string) => sql.raw(`translate(${column}, chr(57344) || chr(57345), '')`);
const markOptions = `StartSel=${MARK_START},StopSel=${MARK_END}`;
/** A comment's excerpt reads its mentions as '@' and the member's name (migration 0013), not their ids. */
const PAGE_BODY = "case when page.kind = 'comment' then jalon_mentions_named(page.body) else page.body end";

/** Words are letters and digits only, so the query text can hold no tsquery operator but ours. */
export function tsqueryText(q: string): string | null {
  const words = q
    .normalize('NFC')
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, SEARCH.wordsMax);
  if (!words) return null;
  // The last word is still being typed: it matches as a prefix (after stemming, like the others).
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

export function parseMarks(marked: string): { text: string; ranges: SearchHighlight[] } {
  const ranges: SearchHighlight[] = [];
  let text = '';
  let start: number | null = null;
  for (const part of marked.split(/([\uE000\uE001])/)) {
    if (part === MARK_START) start = text.length;
    else if (part === MARK_END) {
      if (start !== null && start < text.length) ranges.push({ start, end: text.length });
      start = null;
    } else text += part;
  }
  return { text, ranges };
}

/** The position after a row: its rank exactly as the database wrote it, its kind and id (keyset). */
const cursorSchema = z.tuple([
  z.string().regex(/^[0-9.eE+-]{1,32}$/),
  z.enum(SEARCH_KINDS),
  z.string().uuid(),
]);
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString()));
  } catch {
    throw new AppError(400, 'validation_failed', 'Invalid cursor', {
      errors: [{ path: 'cursor', message: 'not a cursor given by this route' }],
    });
  }
}

type Row = {
  kind: SearchItem['kind'];
  id: string;
  task_id: string | null;
  rank: string;
  title: string;
  excerpt: string;
};

type SearchValues = {
  text: string;
  limit: number;
  afterRank?: string;
  afterKind?: string;
  afterId?: string;
} & Record<IndexedTable, string>;

const placeholder = sql.placeholder;

/** The statement of a first page or of a page after a cursor: rendered once, its values bound at each call. */
function searchSql(after: boolean): SQL {
  const position = after
    ? sql`where (rank, kind, id) < (${placeholder('afterRank')}::real, ${placeholder('afterKind')}::text, ${placeholder('afterId')}::uuid)`
    : sql``;
  return sql`
    with query as (
      select tsq, ${sql.join(
        INDEXED_TABLES.map(
          (table) => sql`jalon_search_index_query(tsq, ${placeholder(table)}::text[]) as ${sql.raw(table)}`,
        ),
        sql`, `,
      )}
      from (select to_tsquery('jalon_search', jalon_search_fold(${placeholder('text')}::text)) as tsq) as asked
    ),
    hits as (${sql.join(SOURCES, sql` union all `)}),
    page as (
      select * from hits ${position}
      order by rank desc, kind desc, id desc
      limit ${placeholder('limit')}::int
    )
    -- The headlines are made for the page's rows only: they parse the text again.
    select page.kind, page.id, page.task_id, page.rank::text as rank,
      ts_headline('jalon_search', jalon_search_fold(${unmarked('page.title')}), query.tsq,
        ${`${markOptions},HighlightAll=true`}) as title,
      ts_headline('jalon_search', jalon_search_fold(${unmarked(PAGE_BODY)}), query.tsq,
        ${`${markOptions},HighlightAll=true`}) as excerpt
    from page, query
    order by page.rank desc, page.kind desc, page.id desc`;
}

const STATEMENTS = {
  first: { name: 'jalon_search_first', statement: new RenderedStatement<SearchValues>(searchSql(false)) },
  after: { name: 'jalon_search_after', statement: new RenderedStatement<SearchValues>(searchSql(true)) },
};

/** One page of what the words find, best first (rank, then kind and id for a stable order). */
export async function searchPage(
  database: Pick<Database, 'db' | 'pool' | 'kind'>,
  query: { q: string; limit: number; cursor?: string },
): Promise<SearchPage> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const text = tsqueryText(query.q);
  if (text === null) return { items: [], next: null };
  const common = await commonLexemes(database.db);
  const { name, statement } = after ? STATEMENTS.after : STATEMENTS.first;
  const values: SearchValues = {
    text,
    limit: query.limit + 1,
    ...(after ? { afterRank: after[0], afterKind: after[1], afterId: after[2] } : {}),
    tasks: textArrayLiteral(common.tasks),
    projects: textArrayLiteral(common.projects),
    comments: textArrayLiteral(common.comments),
  };
  /*
   * On PostgreSQL the statement is prepared once per connection and its plan kept (planning this union was
   * half the database's time a search: 1.8 of 4.5 ms). PGlite serves every socket connection from one
   * session, where a named statement would outlive the connection that prepared it: it stays unnamed.
   */
  const result = await database.pool.query<Row>({
    ...(database.kind === 'postgresql' ? { name } : {}),
    ...statement.bind(values),
  });
  const rows = result.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    items: rows.map((row) => {
      const title = parseMarks(row.title);
      const excerpt = excerptOf(parseMarks(row.excerpt));
      return {
        kind: row.kind,
        id: row.id,
        ...(row.task_id === null ? {} : { taskId: row.task_id }),
        title: title.text,
        excerpt: excerpt.text,
        rank: Number(row.rank),
        highlights: { title: title.ranges, excerpt: excerpt.ranges },
      };
    }),
    next: result.rows.length > query.limit && last ? encodeCursor([last.rank, last.kind, last.id]) : null,
  };
}
