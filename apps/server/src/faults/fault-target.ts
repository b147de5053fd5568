import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerDatabaseTarget } from '../test/server-database.ts';
import { createScratchDatabase } from '../test/scratch-database.ts';

export interface FaultTarget extends ServerDatabaseTarget {
  kind: 'pglite' | 'postgresql';
  /** Removes the data folder and drops the scratch database; safe to call after a failure. */
  remove(): Promise<void>;
}

const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-faults-'));

/** A persistent PGlite folder, as an operator's DATA_DIR. */
export function pgliteTarget(): FaultTarget {
  const dataDir = tempDataDir();
  return {
    kind: 'pglite',
    dataDir,
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL; DATA_DIR still holds the secret key. */
export async function postgresTarget(serverUrl: string): Promise<FaultTarget> {
  const scratch = await createScratchDatabase(serverUrl);
  const dataDir = tempDataDir();
  return {
    kind: 'postgresql',
    dataDir,
    databaseUrl: scratch.url,
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}
