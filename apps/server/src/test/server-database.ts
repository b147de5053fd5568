import { openDatabase, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { createUser } from '../modules/users/user-service.ts';
import { STRONG_PASSWORD, uniqueEmail } from './test-app.ts';

/** The database a ServerProcess runs on: PGlite in `dataDir`, or PostgreSQL at `databaseUrl`. */
export interface ServerDatabaseTarget {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/**
 * Opens the server's database from the test process, migrated, while the server is not running
 * (PGlite's folder lock allows one process at a time), and closes it afterwards.
 */
export async function withServerDatabase<T>(
  target: ServerDatabaseTarget,
  run: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    poolSize: 2,
  });
  try {
    await runMigrations(database.pool);
    return await run(database);
  } finally {
    await database.close();
  }
}

/** A member who can sign in with a password alone (administrators must enrol 2FA first). */
export async function seedMember(target: ServerDatabaseTarget): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('faults');
  await withServerDatabase(target, ({ db }) =>
    db.transaction((tx) => createUser(tx, { email, password: STRONG_PASSWORD, role: 'member' })),
  );
  return { email, password: STRONG_PASSWORD };
}

/** The environment a ServerProcess needs to run on this target. */
export const serverEnv = (target: ServerDatabaseTarget): Record<string, string> => ({
  DATA_DIR: target.dataDir,
  ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
});
