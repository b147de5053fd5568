import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import type { LoadSpec, LoadSummary } from '../lib/load.ts';
import type { DatabaseTarget } from '../lib/sql.ts';

/**
 * The ceiling of GET /api/tasks?limit=50: the statements the server runs for it (TaskService.list in
 * apps/server/src/modules/tasks/task-service.ts, through drizzle), issued directly through the same
 * driver (node-postgres) set up as the server sets it up, `connections` at a time, in a loop. No HTTP, no
 * auth, no row mapping, no JSON: what is left is the driver and the database.
 *
 * PGlite: this process opens the data folder the way the server does, PGlite on a worker thread serving
 * a Unix socket (the server's own apps/server/src/db/pglite-worker.mjs), and a pool of one connection.
 * PostgreSQL: a pool of the server's size (10) on the bench database.
 *
 * Speaks the load-child protocol (lib/load.ts): spec as JSON in argv[2]; `phase:measure`, then
 * `result:{LoadSummary}` on stdout.
 */
export interface DirectSpec extends LoadSpec {
  database: DatabaseTarget;
  poolSize: number;
  /** Page size asked of the HTTP route; the server reads limit + 1 rows. */
  limit: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as DirectSpec;

// As the server: bigint counters as numbers (apps/server/src/db/client.ts).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// As drizzle's node-postgres session: rows as arrays, timestamps left as strings (drizzle maps them).
const raw = (value: string) => value;
const drizzleTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    [
      pg.types.builtins.TIMESTAMPTZ,
      pg.types.builtins.TIMESTAMP,
      pg.types.builtins.DATE,
      pg.types.builtins.INTERVAL,
    ].includes(oid)
      ? raw
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
const query = (client: pg.PoolClient, text: string, values?: unknown[]) =>
  client.query({ text, values, rowMode: 'array', types: drizzleTypes });

// The statements of TaskService.list without `since`/`after`/`projectId`, as drizzle writes them.
const BEGIN = 'begin isolation level repeatable read';
const POSITION = 'select "value", "horizon" from "change_counter" where "change_counter"."id" = $1';
const LIST =
  'select "tasks".*, "projects"."owner_id" from "tasks" ' +
  'inner join "projects" on "projects"."id" = "tasks"."project_id" ' +
  'where "tasks"."deleted_at" is null order by "tasks"."created_at" desc, "tasks"."id" desc limit $1';

let stopDatabase = async () => {};
let pool: pg.Pool;
if (spec.database.kind === 'pglite') {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-bench-pglite-'));
  // Stopped early (the orchestrator's cleanup): leave no socket folder behind.
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      fs.rmSync(socketDir, { recursive: true, force: true });
      process.exit(143);
    });
  const worker = new Worker(new URL('../../apps/server/src/db/pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: spec.database.pgliteDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { type: string; message?: string }) =>
      message.type === 'ready' ? resolve() : reject(new Error(`PGlite failed to start: ${message.message}`)),
    );
  });
  pool = new pg.Pool({
    host: socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: spec.poolSize,
  });
  stopDatabase = async () => {
    await pool.end();
    worker.postMessage({ type: 'close' });
    await Promise.race([
      new Promise((resolve) => worker.once('message', resolve)),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
    await worker.terminate();
    fs.rmSync(socketDir, { recursive: true, force: true });
  };
} else {
  pool = new pg.Pool({ connectionString: spec.database.url, max: spec.poolSize });
  stopDatabase = () => pool.end();
}

/** One list "request": a repeatable-read transaction with the position read and the page read. */
async function listOnce(): Promise<number> {
  const client = await pool.connect();
  try {
    await query(client, BEGIN);
    const position = await query(client, POSITION, [1]);
    const page = await query(client, LIST, [spec.limit + 1]);
    await query(client, 'commit');
    if (position.rows.length !== 1) throw new Error('change_counter has no row 1');
    return page.rows.length;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function run(seconds: number): Promise<{ latencies: number[]; errors: number; elapsedMs: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        await listOnce();
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
        if (errors > 1_000) throw new Error('more than 1,000 errors');
      }
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, loop));
  return { latencies, errors, elapsedMs: performance.now() - started };
}

try {
  const rows = await listOnce();
  if (rows !== spec.limit + 1)
    throw new Error(`the list query read ${rows} rows, expected ${spec.limit + 1}`);
  if (spec.warmupSeconds > 0) await run(spec.warmupSeconds);
  process.stdout.write('phase:measure\n');
  const cpuBefore = process.cpuUsage();
  const { latencies, errors, elapsedMs } = await run(spec.durationSeconds);
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const seconds = elapsedMs / 1000;
  const summary: LoadSummary = {
    title: spec.title,
    url: spec.url,
    connections: spec.connections,
    durationSeconds: seconds,
    requests: latencies.length + errors,
    requestsPerSecond: latencies.length / seconds,
    ok: latencies.length,
    non2xx: 0,
    errors,
    timeouts: 0,
    latencyMs: {
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: latencies[latencies.length - 1] ?? 0,
      mean: latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length),
    },
    // This process is the system under test here; its CPU (main thread + PGlite worker) is also sampled
    // from /proc by the orchestrator, split by thread.
    loadGeneratorCpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
  };
  // Closed before the result is printed: the orchestrator stops this process once it has the result.
  await stopDatabase();
  process.stdout.write(`result:${JSON.stringify(summary)}\n`);
} catch (error) {
  await stopDatabase().catch(() => {});
  throw error;
}
process.exit(0);
