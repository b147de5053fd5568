import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder as a gzipped tar, which every test file's database starts from. */
    pgliteTemplate: string | null;
  }
}

/**
 * Vitest global setup: on PGlite, creates and migrates one database before any test file runs, and
 * hands its dump to the files. Starting a PGlite from that dump skips its initdb, which costs several
 * times the migrations (a few seconds per file on a shared machine, for some fifty files).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return () => {};
  }
  const database = await openDatabase({ dataDir: null });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-template-')), 'pglite.tgz');
  try {
    await runMigrations(database.pool);
    fs.writeFileSync(file, await database.dumpDataDir!());
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
