import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { secureDataDir, useOwnerOnlyUmask } from '../db/data-folder.ts';
import { runMigrations } from '../db/migrate.ts';

/**
 * Opens the configured database for a command-line tool, migrated, and closes it afterwards. With
 * PGlite the data folder lock makes a command refuse to run while the server holds the folder.
 */
export async function withCliDatabase<T>(
  run: (database: Database, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  // With PostgreSQL a tool touches nothing under DATA_DIR; with PGlite it opens the database there.
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database.pool);
    return await run(database, config);
  } finally {
    await database.close();
  }
}

/** Reads `--name value` pairs; unknown flags are an error so a typo never silently does something else. */
export function parseFlags(argv: string[], allowed: readonly string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument "${arg}"`);
    const name = arg.slice(2);
    if (!allowed.includes(name))
      throw new Error(`Unknown option --${name} (expected: ${allowed.map((a) => `--${a}`).join(', ')})`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`Option --${name} needs a value`);
    flags[name] = value;
    i++;
  }
  return flags;
}

/** Runs a CLI main: a known failure prints one line and exits 1, without a stack trace. */
export function runCli(main: () => Promise<void>): void {
  // What a tool writes under DATA_DIR (the database, a key, a restored folder) is its owner's alone.
  useOwnerOnlyUmask();
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
