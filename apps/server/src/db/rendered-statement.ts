import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';

const dialect = new PgDialect();

/**
 * A statement rendered to text once and run many times with new values, for hot read paths. Its SQL is
 * built with `sql.placeholder(name)` wherever a value changes between calls. Rendering drizzle's SQL
 * tree on every call took an eighth of the HTTP thread's time on the task list (bench/tasks, profiled).
 *
 * Statements stay unnamed (parsed by the database on each call): PGlite serves every socket connection
 * from one session, so a named statement would outlive the connection that prepared it.
 */
export class RenderedStatement<Values extends Record<string, unknown>> {
  readonly text: string;
  private readonly params: unknown[];

  constructor(query: SQL) {
    const { sql, params } = dialect.sqlToQuery(query);
    this.text = sql;
    this.params = params;
  }

  /** The text and the values in parameter order, as node-postgres takes them. */
  bind(values: Values): { text: string; values: unknown[] } {
    return { text: this.text, values: fillPlaceholders(this.params, values) };
  }

  async rows<Row extends pg.QueryResultRow>(pool: Pick<pg.Pool, 'query'>, values: Values): Promise<Row[]> {
    return (await pool.query<Row>(this.bind(values))).rows;
  }
}
