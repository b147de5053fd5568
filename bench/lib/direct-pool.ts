import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { DatabaseTarget } from './sql.ts';

/**
 * A node-postgres pool set up as the server sets it up, for the ceilings that run in a child process:
 * PGlite: this process opens the data folder the way the server does, PGlite on a worker thread serving a
 * Unix socket (the server's own apps/server/src/db/pglite-worker.mjs); PostgreSQL: a plain pool.
 * `close` ends the pool and the worker and removes the socket folder.
 */
export async function openDirectPool(
  database: DatabaseTarget,
  poolSize: number,
): Promise<{ pool: pg.Pool; close: () => Promise<void> }> {
  // As the server: bigint counters as numbers (apps/server/src/db/client.ts).
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  if (database.kind === 'postgresql') {
    const pool = new pg.Pool({ connectionString: database.url, max: poolSize });
    return { pool, close: () => pool.end() };
  }
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-bench-pglite-'));
  // Stopped early (the orchestrator's cleanup): leave no socket folder behind.
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      fs.rmSync(socketDir, { recursive: true, force: true });
      process.exit(143);
    });
  const worker = new Worker(new URL('../../apps/server/src/db/pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: database.pgliteDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { type: string; message?: string }) =>
      message.type === 'ready' ? resolve() : reject(new Error(`PGlite failed to start: ${message.message}`)),
    );
  });
  const pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: poolSize,
  });
  const close = async () => {
    await pool.end();
    worker.postMessage({ type: 'close' });
    await Promise.race([
      new Promise((resolve) => worker.once('message', resolve)),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
    await worker.terminate();
    fs.rmSync(socketDir, { recursive: true, force: true });
  };
  return { pool, close };
}
