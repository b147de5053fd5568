import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatAuditTable, measureAuditExport } from './audit/export.ts';
import { formatExportTable, measureExport } from './export/export.ts';
import { measureAuth, type Settings } from './auth/scenarios.ts';
import { formatBundleTable, measureBundle } from './bundle/scenarios.ts';
import { formatDashboardTable, measureDashboard } from './dashboard/scenarios.ts';
import { formatEventsTable, measureEvents } from './events/scenarios.ts';
import { formatFilesTable, measureFiles } from './files/scenarios.ts';
import { formatLighthouseTable, measureLighthouse } from './lighthouse/scenarios.ts';
import { cleanUpChildren } from './lib/children.ts';
import { benchDatabaseUrl, createBenchDatabase, dropBenchDatabase } from './lib/postgres.ts';
import { formatTable } from './lib/report.ts';
import type { DatabaseKind } from './lib/servers.ts';
import { formatNotificationsTable, measureNotifications } from './notifications/scenarios.ts';
import { formatOfflineTable, measureOffline } from './offline/scenarios.ts';
import { formatScaleTable, measureScale } from './scale/scenarios.ts';
import { formatPeerTable, measurePeer } from './peer/scenarios.ts';
import { formatSearchTable, measureSearch } from './search/scenarios.ts';
import { formatSoakTable, measureSoak } from './soak/scenarios.ts';
import { formatSyncTable, measureSync } from './sync/scenarios.ts';
import { formatTaskPageTable, measureTaskPage } from './task-page/scenarios.ts';
import { formatTasksTable, measureTasks } from './tasks/scenarios.ts';

/**
 * Jalon's benchmarks, in one run, each suite for PGlite then PostgreSQL:
 * - auth (issue 2): a bare node:http ceiling, GET /api/health, authenticated GET /api/auth/me, and
 *   GET /api/health while GET /api/auth/sessions is saturated;
 * - tasks (issue 4): 100,000 tasks seeded in SQL; the list of 50, the 1,000-task project, PATCH, and the
 *   list query issued directly through node-postgres as the ceiling;
 * - audit (issue 3): CSV and PDF export of 100,000 audit rows, with the server's memory sampled;
 * - dashboard (issue 5): the tasks suite's 100,000 tasks; GET /api/dashboard (whole, and focused on one
 *   project) and the 30-day trends, sequential on one connection (p50/p99 without load, the target) and
 *   under autocannon, with a plain aggregate run directly as the reference;
 * - search (issue 40): the tasks suite's 100,000 tasks; GET /api/search for a rare, a typical and the worst
 *   question (a word of every task), sequential on one connection, then the typical one under autocannon;
 *   target p99 under 100 ms at --connections;
 * - bundle (issue 5): the web app built, the production JS of /login and /dashboard (raw and gzip) from
 *   apps/web/dist, checked in Chromium; runs once (on the first database kind: the server it starts for
 *   the browser needs one).
 * - sync (issue 18): the tasks suite's 100,000 tasks; POST /api/sync/batch of 50 task patches (one device per
 *   connection, seqs numbered on, every answer checked) against one multi-row UPDATE of the same 50 rows
 *   through node-postgres (the ceiling) and against single PATCH calls; CPU of server + database per batch.
 *   With --baseline <another checkout's apps/server> (today's code, e.g. /work/main/apps/server), the
 *   same single PATCH is measured on that server too, on the same data, and the ratio printed.
 * - events (issue 12, PostgreSQL only): 10,000 open event streams on one instance and one PATCH, timed at
 *   every stream (p99 from the write), the server's memory per stream, the same fan-out from a bare
 *   node:http SSE server (the ceiling, by wall clock and per CPU second); then 100 streams on a second
 *   instance and 50 edits through the first (edit-to-other-client latency).
 * - offline (issue 19): Chromium on the built web app; 1,000 tasks moved on the kanban while offline, the
 *   drain after reconnection (target under 10 s on PGlite) and one move's time to show (under 50 ms).
 *   Runs once, on the first database kind. Not in the default set (it drives a browser for minutes).
 * - task-page (issue 35): Chromium on the built web app; a task of 200 comments and 500 history entries
 *   opened from the task list (desk size): time from the click to the first comment shown (target under
 *   1 s) and the longest main-thread task meanwhile (target: none over 100 ms), median of 5 visits. Runs once,
 *   on the first database kind; not in the default set (it drives a browser).
 * - peer (issue 40, PostgreSQL only): the same 4,000-card board in Jalon and in Planka (a checkout built
 *   beforehand, --planka-dir or PLANKA_DIR; docs/performance.md), both on the machine's PostgreSQL, opened
 *   in the same Chromium: navigation to all cards shown, median of 5 visits each; target Jalon 10x quicker.
 *   Not in the default set (it needs Planka, and drives a browser).
 * - lighthouse (issue 17): Lighthouse's mobile profile in Chromium on every screen of the built web app,
 *   signed in (an administrator for /admin/members), against the server on PGlite; median of --runs (3)
 *   per screen; target performance 95 or more and layout shift 0 on each. Runs once, on the first
 *   database kind; not in the default set (about 15 minutes). --screens dashboard,login audits only those.
 * - soak (issue 9): three clients alternating the 50-task list and a PATCH without pause for --soak-minutes
 *   (10) at the default vacuum period: no error, no request over 2 s. Not in the default set (it is long).
 * - export (issue 39): GET /api/export of 100,000 tasks and a 1,000-task project's CSV, with the server's
 *   memory sampled (the JSON document's peak RSS growth under half its size).
 * - scale (issue 40): 100,000 tasks in 200 projects (one of 10,000), 200 members, 300,000 history rows;
 *   GET /api/tasks?label= under autocannon against its direct statement on each database, then once, on
 *   PGlite, Chromium on the built web app: the device copy's full and later pulls, the heap, and on the
 *   desk and phone profiles each view's first content and the longest main-thread task of each
 *   interaction. Not in the default set (about 15 minutes); --scale-tasks N runs it smaller.
 * - files (issue 37): 20 concurrent uploads of 20 MiB each to a task; the server's RSS growth (target under
 *   50 MiB) and the throughput next to 20 concurrent plain copies of a 20 MiB file on the same disk.
 * - notifications (issue 36): 1,000 members watching a task and one comment at a time on one connection
 *   (each on a task of its own, so each writes 1,000 notifications): p99 of the answer (target under
 *   200 ms) and the server's CPU per comment.
 * Each load is autocannon in its own process; each server is a child process. Prints a table per suite
 * and writes JSON to bench/results/.
 *
 *   npm run bench [-- --suite auth,tasks,audit,dashboard,search,bundle,sync,events,offline,task-page,peer,lighthouse,soak,files,notifications,export,scale --only pglite|postgresql
 *                     --soak-minutes 10 --runs 3 --screens login,dashboard --scale-tasks 100000
 *                     --connections 20 --duration 10 --warmup 2 --saturating 20 --sessions 20
 *                     --build true|false --browser true|false --baseline ../other/apps/server
 *                     --planka-dir /tmp/planka]
 */
const SUITES = [
  'auth',
  'tasks',
  'audit',
  'dashboard',
  'search',
  'bundle',
  'sync',
  'events',
  'offline',
  'task-page',
  'peer',
  'lighthouse',
  'soak',
  'files',
  'notifications',
  'export',
  'scale',
] as const;
const LONG_SUITES: readonly string[] = ['soak', 'offline', 'task-page', 'peer', 'lighthouse', 'scale'];
const DEFAULT_SUITES = SUITES.filter((name) => !LONG_SUITES.includes(name));
type SuiteName = (typeof SUITES)[number];

const { values } = parseArgs({
  options: {
    suite: { type: 'string', default: DEFAULT_SUITES.join(',') },
    'soak-minutes': { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    saturating: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    sessions: { type: 'string', default: '20' },
    only: { type: 'string' },
    build: { type: 'string', default: 'true' },
    browser: { type: 'string', default: 'true' },
    runs: { type: 'string', default: '3' },
    screens: { type: 'string', default: '' },
    baseline: { type: 'string' },
    'scale-tasks': { type: 'string', default: '100000' },
    'planka-dir': { type: 'string', default: process.env.PLANKA_DIR },
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
if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgresql')
  throw new Error('--only must be pglite or postgresql');
const kinds: DatabaseKind[] =
  values.only === 'pglite' || values.only === 'postgresql' ? [values.only] : ['pglite', 'postgresql'];
const flag = (value: string | undefined, name: string) => {
  if (value !== 'true' && value !== 'false') throw new Error(`--${name} must be true or false`);
  return value === 'true';
};
const scaleTasks = bounded(values['scale-tasks'], 'scale-tasks', 1_000, 1_000_000);
const soakMinutes = bounded(values['soak-minutes'], 'soak-minutes', 1, 120);
const bundleOptions = { build: flag(values.build, 'build'), browser: flag(values.browser, 'browser') };
const lighthouseOptions = {
  build: bundleOptions.build,
  runs: bounded(values.runs, 'runs', 1, 9),
  only: (values.screens ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
};
const suites = [...new Set((values.suite ?? '').split(',').map((name) => name.trim()))] as SuiteName[];
for (const name of suites)
  if (!SUITES.includes(name)) throw new Error(`--suite: unknown suite "${name}" (${SUITES.join(', ')})`);

/** One suite: how to measure one database kind, and how to print the reports. */
interface Suite {
  measure: (kind: DatabaseKind, databaseUrl?: string) => Promise<unknown>;
  format: (reports: never[]) => string;
  describe: string;
  /** Runs once, on the first selected database kind, instead of once per kind. */
  once?: boolean;
  /** Runs on this database kind only. */
  only?: DatabaseKind;
}
const SUITE: Record<SuiteName, Suite> = {
  auth: {
    measure: (kind, url) => measureAuth(kind, settings, url),
    format: formatTable,
    describe: `autocannon, ${settings.connections} connections (saturating load: ${settings.saturatingConnections}), ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured each`,
  },
  tasks: {
    measure: (kind, url) => measureTasks(kind, settings, url),
    format: formatTasksTable,
    describe: `100,000 tasks; autocannon and the direct loop, ${settings.connections} connections / in flight, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured each`,
  },
  export: {
    measure: (kind, url) => measureExport(kind, url),
    format: formatExportTable,
    describe:
      '100,000 tasks / 1,000 projects; GET /api/export and one project as CSV, server RSS sampled every 50 ms',
  },
  audit: {
    measure: (kind, url) => measureAuditExport(kind, url),
    format: formatAuditTable,
    describe: '100,000 audit rows; one CSV and one PDF export, server RSS sampled every 50 ms',
  },
  dashboard: {
    measure: (kind, url) => measureDashboard(kind, settings, url),
    format: formatDashboardTable,
    describe: `100,000 tasks / 1,000 projects; sequential on one connection (20 + 200 for the home, 10 + 100 for the others); autocannon ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured each`,
  },
  search: {
    measure: (kind, url) => measureSearch(kind, settings, url),
    format: formatSearchTable,
    describe: `100,000 tasks / 1,000 projects; a rare, a typical and the worst question sequential on one connection; the typical one under autocannon, ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured`,
  },
  bundle: {
    measure: (kind, url) => measureBundle(kind, bundleOptions, url),
    format: formatBundleTable,
    describe: `production JS of /login and /dashboard (${bundleOptions.build ? 'web app built by this run' : 'existing build'}${bundleOptions.browser ? ', checked in Chromium' : ''})`,
    once: true,
  },
  sync: {
    measure: (kind, url) => measureSync(kind, { ...settings, baselineServer: values.baseline }, url),
    format: formatSyncTable,
    describe: `100,000 tasks; batches of 50 task patches, the multi-row UPDATE ceiling and single PATCH calls, ${settings.connections} connections / in flight (one device each), ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured each`,
  },
  offline: {
    measure: (kind, url) => measureOffline(kind, url),
    format: formatOfflineTable,
    describe:
      'Chromium, the built web app and its service worker; 1,000 kanban moves offline, then reconnection',
    once: true,
  },
  'task-page': {
    measure: (kind, url) => measureTaskPage(kind, url),
    format: formatTaskPageTable,
    describe:
      'Chromium, the built web app; a task of 200 comments and 500 history entries opened from the task list, 1 warm-up + 5 visits',
    once: true,
  },
  peer: {
    measure: (kind, url) => measurePeer(kind, url, { plankaDir: values['planka-dir'] }),
    format: formatPeerTable,
    describe:
      'Chromium (desk size), one board of 4,000 cards over 4 columns in Jalon and in Planka on the same PostgreSQL; 1 first visit + 5 measured each, interleaved',
    once: true,
    only: 'postgresql',
  },
  lighthouse: {
    measure: (kind, url) => measureLighthouse(kind, lighthouseOptions, url),
    format: formatLighthouseTable,
    describe: `Lighthouse mobile profile (simulated slow 4G, 4x CPU slowdown) in Chromium, signed in, ${lighthouseOptions.runs} run(s) per screen (${lighthouseOptions.build ? 'web app built by this run' : 'existing build'})`,
    once: true,
    only: 'pglite',
  },
  events: {
    measure: (kind, url) => measureEvents(kind, url),
    format: formatEventsTable,
    describe:
      '10,000 event streams on one instance, one PATCH at a time (3 timed + 1 warm-up), against bare node:http SSE; 100 streams on a second instance, 50 edits through the first',
    only: 'postgresql',
  },
  files: {
    measure: (kind, url) => measureFiles(kind, url),
    format: formatFilesTable,
    describe:
      '20 concurrent uploads of 20 MiB to one task, server RSS sampled every 50 ms; 20 concurrent plain copies of 20 MiB on the same disk as the ceiling',
  },
  notifications: {
    measure: (kind, url) => measureNotifications(kind, url),
    format: formatNotificationsTable,
    describe:
      '1,000 members watching each task; 10 + 100 comments one at a time on one connection, each on a task of its own',
  },
  scale: {
    measure: (kind, url) => measureScale(kind, { ...settings, tasks: scaleTasks }, url),
    format: formatScaleTable,
    describe: `${scaleTasks.toLocaleString('en')} tasks in 200 projects, 200 members; the label filter under autocannon (${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s) against its direct statement; Chromium once, on PGlite: desk, then phone (360 x 800, touch, 4x CPU slowdown)`,
  },
  soak: {
    measure: (kind, url) => measureSoak(kind, soakMinutes, url),
    format: formatSoakTable,
    describe: `3 clients alternating GET /api/tasks?limit=50 and PATCH /api/tasks/{id} without pause for ${soakMinutes} min, default vacuum period (5 min)`,
  },
};

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

const machineNow = () => ({
  nproc: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
});

let failed = false;
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
for (const name of suites) {
  if (interrupted) break;
  const suite = SUITE[name];
  const startedAt = new Date();
  const loadAverageAtStart = os.loadavg()[0] ?? 0;
  const reports: unknown[] = [];
  console.error(`== suite ${name}`);
  try {
    const suiteKinds = suite.only ? kinds.filter((kind) => kind === suite.only) : kinds;
    for (const kind of suite.once ? suiteKinds.slice(0, 1) : suiteKinds) {
      if (kind === 'postgresql') {
        createBenchDatabase();
        postgresCreated = true;
        try {
          reports.push(await suite.measure(kind, benchDatabaseUrl()));
        } finally {
          dropBenchDatabase();
          postgresCreated = false;
        }
      } else {
        reports.push(await suite.measure(kind));
      }
    }
  } catch (error) {
    failed = true;
    console.error(
      `bench ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  } finally {
    await cleanUp();
  }

  const machine = {
    ...machineNow(),
    // The machine may be shared: its 1-minute load average before and after, and the `machine CPU` column.
    loadAverage1m: { start: loadAverageAtStart, end: os.loadavg()[0] ?? 0 },
  };
  if (reports.length === 0) continue;
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  console.log(
    `\nJalon bench ${name}, ${startedAt.toISOString()} (${seconds.toFixed(0)} s), ${machine.nproc} cores ` +
      `(${machine.cpu}), Node ${machine.node}; ${suite.describe}; ` +
      `load average ${machine.loadAverage1m.start.toFixed(2)} -> ${machine.loadAverage1m.end.toFixed(2)}\n`,
  );
  console.log(suite.format(reports as never[]));
  await mkdir(resultsDir, { recursive: true });
  const file = `${resultsDir}${name}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(
    file,
    JSON.stringify(
      { suite: name, startedAt: startedAt.toISOString(), seconds, machine, settings, reports },
      null,
      2,
    ) + '\n',
  );
  console.log(`\nJSON: ${file}`);
}
process.exit(failed ? 1 : 0);
