import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureAuth, type DatabaseReport, type Settings } from './auth/scenarios.ts';
import { cleanUpChildren } from './lib/children.ts';
import { benchDatabaseUrl, createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { formatTable } from './lib/report.ts';
import type { DatabaseKind } from './lib/servers.ts';

/**
 * Issue 2's benchmark, in one run: for PGlite then PostgreSQL, a bare node:http ceiling, GET /api/health,
 * authenticated GET /api/auth/me, and GET /api/health while GET /api/auth/sessions is saturated.
 * Each load is autocannon in its own process; each server is a child process. Prints a table and writes
 * JSON to bench/results/.
 *
 *   npm run bench [-- --connections 20 --saturating 20 --duration 10 --warmup 2 --only pglite|postgresql]
 */
const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    saturating: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    sessions: { type: 'string', default: '20' },
    only: { type: 'string' },
  },
});

const bounded = (value: string | undefined, name: string, min: number, max: number) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new Error(`--${name} must be an integer in [${min}, ${max}]`);
  return number;
};

const settings: Settings = {
  connections: bounded(values.connections, 'connections', 1, 200),
  saturatingConnections: bounded(values.saturating, 'saturating', 1, 200),
  durationSeconds: bounded(values.duration, 'duration', 1, 60),
  warmupSeconds: bounded(values.warmup, 'warmup', 0, 30),
  sessions: bounded(values.sessions, 'sessions', 1, 100),
};
const kinds: DatabaseKind[] =
  values.only === 'pglite' || values.only === 'postgresql' ? [values.only] : ['pglite', 'postgresql'];

let postgresCreated = false;
/** Children first (the server must let go of the database), then the bench database and temp folders. */
const cleanUp = async () => {
  await cleanUpChildren();
  if (postgresCreated) {
    try {
      dropBenchDatabase();
      postgresCreated = false;
    } catch (error) {
      console.error(
        `could not drop the bench database: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
};
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping children`);
    const force = setTimeout(() => process.exit(130), 20_000);
    void cleanUp().finally(() => {
      clearTimeout(force);
      process.exit(130);
    });
  });
}

const startedAt = new Date();
const loadAverageAtStart = os.loadavg()[0] ?? 0;
const reports: DatabaseReport[] = [];
let failed = false;
try {
  for (const kind of kinds) {
    if (kind === 'postgresql') {
      createBenchDatabase();
      postgresCreated = true;
      try {
        reports.push(await measureAuth(kind, settings, benchDatabaseUrl()));
      } finally {
        dropBenchDatabase();
        postgresCreated = false;
      }
    } else {
      reports.push(await measureAuth(kind, settings));
    }
  }
} catch (error) {
  failed = true;
  console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanUp();
}

const machine = {
  nproc: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
  // The machine may be shared: its 1-minute load average before and after, and the `machine CPU` column.
  loadAverage1m: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
};
if (reports.length > 0) {
  console.log(
    `\nJalon bench, ${startedAt.toISOString()}, ${machine.nproc} cores (${machine.cpu}), Node ${machine.node}; ` +
      `autocannon, ${settings.connections} connections (saturating load: ${settings.saturatingConnections}), ` +
      `${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured each; ` +
      `load average ${machine.loadAverage1m.start.toFixed(2)} -> ${machine.loadAverage1m.end.toFixed(2)}\n`,
  );
  console.log(formatTable(reports));
  const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(resultsDir, { recursive: true });
  const file = `${resultsDir}auth-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(
    file,
    JSON.stringify({ startedAt: startedAt.toISOString(), machine, settings, reports }, null, 2) + '\n',
  );
  console.log(`\nJSON: ${file}`);
}
process.exit(failed ? 1 : 0);
