import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { createMember, type Member } from '../auth/member.ts';
import { logStep } from './report.ts';
import { ADMIN, startJalonServer, makeDataDir, type DatabaseKind } from './servers.ts';

/**
 * Direct SQL from the bench process, to seed a database before the server starts. PGlite's folder is
 * locked by a running server (one process only), so it is opened here only while no server runs.
 */
export type DatabaseTarget = { kind: 'pglite'; pgliteDir: string } | { kind: 'postgresql'; url: string };

export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** The server keeps PGlite's files in DATA_DIR/pglite (apps/server/src/db/client.ts). */
export const pgliteDirOf = (dataDir: string) => path.join(dataDir, 'pglite');

export async function withDatabase<T>(
  target: DatabaseTarget,
  work: (query: Query) => Promise<T>,
): Promise<T> {
  if (target.kind === 'pglite') {
    // As the server opens it (its worker): the search vectors of a seeded task need unaccent.
    const db = await PGlite.create(target.pgliteDir, { extensions: { unaccent } });
    try {
      return await work(async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows);
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await work(async (text, params) => (await client.query(text, params)).rows);
  } finally {
    await client.end();
  }
}

/** Whether a table (or, with `column`, one of its columns) exists: seeds follow the schema of the day. */
export async function hasColumn(query: Query, table: string, column?: string): Promise<boolean> {
  const rows = await query(
    `select 1 from information_schema.columns
      where table_schema = 'public' and table_name = $1 and ($2::text is null or column_name = $2) limit 1`,
    [table, column ?? null],
  );
  return rows.length > 0;
}

export interface SeededDatabase {
  /** The server's DATA_DIR (PGlite's files, the generated secret key); the caller removes it. */
  dataDir: string;
  target: DatabaseTarget;
  memberId: string;
  adminId: string;
}

/**
 * Starts the server once on a fresh data folder (it migrates and creates the admin), registers the bench
 * member, stops it, then runs `seed` directly in SQL. The server is started again by the caller, on
 * `dataDir`, and finds the seeded rows.
 */
export async function seedBeforeStart(
  kind: DatabaseKind,
  databaseUrl: string | undefined,
  seed: (query: Query, ids: { memberId: string; adminId: string }) => Promise<void>,
): Promise<SeededDatabase> {
  const dataDir = await makeDataDir();
  const first = await startJalonServer(kind, databaseUrl, { dataDir });
  let member: Member;
  try {
    member = await createMember(first.baseUrl, 1);
  } finally {
    await first.stop();
  }
  const target: DatabaseTarget =
    kind === 'pglite' ? { kind, pgliteDir: pgliteDirOf(dataDir) } : { kind, url: databaseUrl ?? '' };
  logStep(`[${kind}] first start done (migrated, member registered); seeding in SQL`);
  const ids = await withDatabase(target, async (query) => {
    const rows = await query('select id, email from users where email in ($1, $2)', [
      member.email,
      ADMIN.email,
    ]);
    const idOf = (email: string) => {
      const id = rows.find((row) => row.email === email)?.id;
      if (typeof id !== 'string') throw new Error(`no user ${email} after the first start`);
      return id;
    };
    const found = { memberId: idOf(member.email), adminId: idOf(ADMIN.email) };
    await seed(query, found);
    return found;
  });
  logStep(`[${kind}] seeded`);
  return { dataDir, target, ...ids };
}
