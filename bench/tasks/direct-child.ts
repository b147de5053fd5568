import { taskPageStatement } from '../../apps/server/src/modules/tasks/task-list-sql.ts';
import { openDirectPool } from '../lib/direct-pool.ts';
import { runClosedLoop } from '../lib/closed-loop.ts';
import type { LoadSpec } from '../lib/load.ts';
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
  /** `?label=` of the HTTP route, as the server binds it (a uuid[] literal such as `{id}`). */
  labels?: string;
  /** `?status=` and `?assignee=` of the HTTP route. */
  status?: string;
  assignee?: string;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as DirectSpec;

// TaskService.list without `since`/`after`/`projectId`, as the member of the HTTP runs reads it.
const LIST = taskPageStatement('first', {
  project: false,
  labels: spec.labels !== undefined,
  parent: false,
  status: spec.status !== undefined,
  assignee: spec.assignee !== undefined,
}).bind({
  userId: spec.viewerId,
  isAdmin: false,
  limit: spec.limit,
  clientId: null,
  ...(spec.labels !== undefined && { labels: spec.labels }),
  ...(spec.status !== undefined && { status: spec.status }),
  ...(spec.assignee !== undefined && { assignee: spec.assignee }),
});

const { pool, close: stopDatabase } = await openDirectPool(spec.database, spec.poolSize);

/** One list "request": the page statement, its one row read back. */
async function listOnce(): Promise<number> {
  const result = await pool.query<{ items: string }>(LIST);
  const items = result.rows[0]?.items;
  if (typeof items !== 'string') throw new Error('the list statement answered no page');
  return items.length;
}

try {
  const page = (await pool.query<{ items: string }>(LIST)).rows[0]?.items ?? '[]';
  const listed = (JSON.parse(page) as unknown[]).length;
  if (listed !== spec.limit)
    throw new Error(`the list statement listed ${listed} tasks, expected ${spec.limit}`);
  // This process is the system under test here; its CPU (main thread + PGlite worker) is also sampled
  // from /proc by the orchestrator, split by thread.
  const summary = await runClosedLoop(spec, async () => void (await listOnce()), 1_000);
  // Closed before the result is printed: the orchestrator stops this process once it has the result.
  await stopDatabase();
  process.stdout.write(`result:${JSON.stringify(summary)}\n`);
} catch (error) {
  await stopDatabase().catch(() => {});
  throw error;
}
process.exit(0);
