import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { createScratchDatabase } from './scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder as a gzipped tar, which every test file's database starts from. */
    pgliteTemplate: string | null;
    /** On PostgreSQL, a migrated database that every test file's database is created from. */
    postgresTemplate: string | null;
  }
}

/**
 * Vitest global setup: creates and migrates one database before any test file runs, and every file's
 * database starts from it. On PGlite the files load its dump, which skips PGlite's initdb (several times
 * the migrations); on PostgreSQL each file's database is `CREATE DATABASE … TEMPLATE` it, a file copy,
 * instead of some fifteen migrations run again per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    project.provide('pgliteTemplate', null);
    const template = await createScratchDatabase(serverUrl);
    const database = await openDatabase({ databaseUrl: template.url, dataDir: null });
    try {
      await runMigrations(database.pool);
    } finally {
      // A template must have no open connection when a database is created from it.
      await database.close();
    }
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  project.provide('postgresTemplate', null);
  const database = await openDatabase({ dataDir: null });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-template-')), 'pglite.tgz');
  try {
    await runMigrations(database.pool);
    fs.writeFileSync(file, await database.dumpDataDir!());
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
