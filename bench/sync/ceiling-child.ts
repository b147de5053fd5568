import { openDirectPool } from '../lib/direct-pool.ts';
import { runClosedLoop } from '../lib/closed-loop.ts';
import type { LoadSpec } from '../lib/load.ts';
import type { DatabaseTarget } from '../lib/sql.ts';
import { BATCH_SIZE, deviceTasks, nextValues, Rotation } from './work.ts';

/**
 * The ceiling of a sync batch of 50 task patches: the same change to 50 rows (progress and title, the
 * version checked and raised, updated_at) as one multi-row `UPDATE … FROM (VALUES …)`, issued through the
 * server's driver (node-postgres) set up as the server sets it up (lib/direct-pool.ts), `connections`
 * statements in flight, each loop on its own tasks. No HTTP, no audit, no counters, no stored answers.
 * Each statement must change its 50 rows.
 *
 * Speaks the load-child protocol (lib/load.ts); its result counts the rows changed, warm-up included
 * (`counts.changed`), for the orchestrator's check of the versions.
 */
export interface CeilingSpec extends LoadSpec {
  database: DatabaseTarget;
  poolSize: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as CeilingSpec;
const { pool, close } = await openDirectPool(spec.database, spec.poolSize);

const values = Array.from(
  { length: BATCH_SIZE },
  (_, k) => `($${4 * k + 1}::uuid, $${4 * k + 2}::int, $${4 * k + 3}::text, $${4 * k + 4}::int)`,
).join(', ');
const UPDATE = `update tasks set progress = v.progress, title = v.title, version = tasks.version + 1, updated_at = now()
  from (values ${values}) as v(id, progress, title, version)
 where tasks.id = v.id and tasks.version = v.version`;

const devices = Array.from(
  { length: spec.connections },
  (_, loop) => new Rotation(deviceTasks('ceiling', loop, spec.connections)),
);
let changed = 0;

async function updateOnce(loop: number): Promise<void> {
  const batch = devices[loop]!.take(BATCH_SIZE);
  const next = batch.map(nextValues);
  const params = batch.flatMap((task, k) => [task.id, next[k]!.progress, next[k]!.title, task.version]);
  const result = await pool.query(UPDATE, params);
  if (result.rowCount !== BATCH_SIZE)
    throw new Error(`the UPDATE changed ${result.rowCount} rows, not ${BATCH_SIZE}`);
  changed += BATCH_SIZE;
  batch.forEach((task, k) => Object.assign(task, next[k], { version: task.version + 1 }));
}

try {
  const summary = await runClosedLoop(spec, updateOnce, 0);
  await close();
  process.stdout.write(`result:${JSON.stringify({ ...summary, counts: { changed } })}\n`);
} catch (error) {
  await close().catch(() => {});
  throw error;
}
process.exit(0);
