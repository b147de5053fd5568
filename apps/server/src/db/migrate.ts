import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Db } from './client.ts';

/** The committed SQL migrations (drizzle-kit); the build copies them beside the bundle. */
export const MIGRATIONS_FOLDER =
  process.env.JALON_MIGRATIONS_DIR ?? fileURLToPath(new URL('../../drizzle', import.meta.url));

// Several server instances may start at once against one PostgreSQL: one migrates, the others wait.
const MIGRATION_LOCK_KEY = 7_356_001;

/** `migrationsFolder`: another folder of migrations, for a test that stops at an older one. */
export async function runMigrations(pool: pg.Pool, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const client = await pool.connect();
  // A migration may rewrite a large table, and waiting for another instance's migration may be long:
  // this connection has no statement deadline (db/client.ts), neither the server's nor the client's
  // (node-postgres reads `query_timeout` from the connection's parameters at each query), and it is
  // closed afterwards rather than handed back to the pool without one.
  await client.query('set statement_timeout = 0');
  (
    client as unknown as { connectionParameters: { query_timeout?: number } }
  ).connectionParameters.query_timeout = undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release(true);
  }
}

export async function databaseVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`select version() as version`);
  return result.rows[0]?.version ?? 'unknown';
}
