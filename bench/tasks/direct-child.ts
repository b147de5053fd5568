import { performance } from 'node:perf_hooks';
import { taskPageStatement } from '../../apps/server/src/modules/tasks/task-list-sql.ts';
import { openDirectPool } from '../lib/direct-pool.ts';
import type { LoadSpec, LoadSummary } from '../lib/load.ts';
import type { DatabaseTarget } from '../lib/sql.ts';

/**
 * The ceiling of GET /api/tasks?limit=50: the statement the server runs for it (TaskService.list in
 * apps/server/src/modules/tasks/task-service.ts: one statement, the same `taskPageStatement` bound to
 * the same values, its JSON made by the database), issued directly through the same driver (node-postgres) set up as the
 * server sets it up, `connections` at a time, in a loop. No HTTP, no auth, no cursor signing, no answer:
 * what is left is the driver and the database.
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
  /** The member the HTTP route is measured as (the answer's permissions are computed for them). */
  viewerId: string;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as DirectSpec;

// TaskService.list without `since`/`after`/`projectId`, as the member of the HTTP runs reads it.
const LIST = taskPageStatement('first', false).bind({
  userId: spec.viewerId,
  isAdmin: false,
  limit: spec.limit,
  clientId: null,
});

const { pool, close: stopDatabase } = await openDirectPool(spec.database, spec.poolSize);

/** One list "request": the page statement, its one row read back. */
async function listOnce(): Promise<number> {
  const result = await pool.query<{ items: string }>(LIST);
  const items = result.rows[0]?.items;
  if (typeof items !== 'string') throw new Error('the list statement answered no page');
  return items.length;
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
  const page = (await pool.query<{ items: string }>(LIST)).rows[0]?.items ?? '[]';
  const listed = (JSON.parse(page) as unknown[]).length;
  if (listed !== spec.limit)
    throw new Error(`the list statement listed ${listed} tasks, expected ${spec.limit}`);
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
