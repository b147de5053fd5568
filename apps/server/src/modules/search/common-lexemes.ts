import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The tables whose stored `search_vector` the search reads through a GIN index. */
export const INDEXED_TABLES = ['tasks', 'projects', 'comments'] as const;
export type IndexedTable = (typeof INDEXED_TABLES)[number];
export type CommonLexemes = Record<IndexedTable, string[]>;

/** A lexeme in at least this share of a table's rows is left out of its index scan (migration 0015). */
const COMMON_SHARE = 0.5;
/** Statistics change when ANALYZE runs (autovacuum, or PGlite's vacuum): a minute old is fresh enough. */
const MAX_AGE_MS = 60_000;

const cache = new WeakMap<Db, { readAt: number; lexemes: Promise<CommonLexemes> }>();

/**
 * The lexemes found in at least half of each table's live and deleted rows, from the planner's statistics
 * (`pg_stats.most_common_elems`, which ANALYZE keeps for a tsvector column); none for a table not analysed
 * yet. Read at most once a minute per database: one search's answer never depends on them, only its cost.
 */
export function commonLexemes(db: Db): Promise<CommonLexemes> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.readAt < MAX_AGE_MS) return cached.lexemes;
  const lexemes = readCommonLexemes(db);
  cache.set(db, { readAt: Date.now(), lexemes });
  // A failed read is not kept: the next search asks again.
  lexemes.catch(() => cache.delete(db));
  return lexemes;
}

async function readCommonLexemes(db: Db): Promise<CommonLexemes> {
  const result = await db.execute<{ table: IndexedTable; common: string[] }>(sql`
    select s.tablename as table,
      array(select e.element
              from unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(element, share)
             where e.element is not null and e.share >= ${COMMON_SHARE}) as common
      from pg_stats s
     where s.schemaname = current_schema() and s.attname = 'search_vector'
       and s.tablename in (${sql.join(
         INDEXED_TABLES.map((table) => sql`${table}`),
         sql`, `,
       )})`);
  const lexemes = Object.fromEntries(INDEXED_TABLES.map((table) => [table, []])) as unknown as CommonLexemes;
  for (const row of result.rows) lexemes[row.table] = row.common;
  return lexemes;
}

/** A text[] literal ('{"a","b"}') for a statement's parameter. */
export const textArrayLiteral = (items: readonly string[]) =>
  `{${items.map((item) => `"${item.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
