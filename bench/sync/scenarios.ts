import { fileURLToPath } from 'node:url';
import { signInMember } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { postgresCpuSnapshot } from '../lib/database-cpu.ts';
import { cpuPerCallMs, runLoad, type LoadRun } from '../lib/load.ts';
import { PG } from '../lib/postgres.ts';
import { formatTargets, logStep as log, ms, renderTable } from '../lib/report.ts';
import { databaseVersionOf, removeDataDir, startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { seedBeforeStart, withDatabase, type DatabaseTarget } from '../lib/sql.ts';
import { SEED, seedTasks, taskId } from '../tasks/seed.ts';
import type { CeilingSpec } from './ceiling-child.ts';
import type { HttpSyncSpec } from './http-child.ts';
import { BATCH_SIZE, tasksOf, type Measurement } from './work.ts';

export interface SyncSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** Another checkout's apps/server (today's code): its single PATCH is measured on the same data, for a ratio. */
  baselineServer?: string | undefined;
}

export interface SyncRow {
  id: Measurement;
  label: string;
  /** Tasks changed by one call: 50 for a batch or an UPDATE, 1 for a PATCH. */
  tasksPerCall: number;
  run: LoadRun;
  /** Sum of the versions of this measurement's tasks after the run, which must equal the changes counted. */
  versionsAfter: number;
}

export interface SyncReport {
  kind: DatabaseKind;
  databaseVersion: string;
  seedSeconds: number;
  rows: SyncRow[];
  targets: Target[];
}

const CEILING_TARGET_RATIO = 0.5;
const LABEL: Record<Measurement, string> = {
  ceiling: '1/4 UPDATE tasks … FROM (VALUES 50 rows) through node-postgres (ceiling)',
  batch: `2/4 POST /api/sync/batch, ${BATCH_SIZE} task patches, one device per connection`,
  patch: '3/4 PATCH /api/tasks/{id} with X-Entity-Version',
  baselinePatch: '4/4 PATCH /api/tasks/{id} with X-Entity-Version, on the baseline server',
};
const ROW_LABEL: Record<Measurement, string> = {
  ceiling: `UPDATE tasks … FROM (VALUES ${BATCH_SIZE} rows), node-postgres pool (ceiling)`,
  batch: `POST /api/sync/batch, ${BATCH_SIZE} task patches`,
  patch: 'PATCH /api/tasks/{id} {progress, title}, X-Entity-Version',
  baselinePatch: 'the same PATCH on the baseline server (today’s code)',
};
/** A single PATCH on this code may not be slower than on the baseline's (the shared write path costs nothing). */
const BASELINE_TARGET_RATIO = 1;
const PATCH_TARGET_FACTOR = 10;
const CEILING_CHILD = fileURLToPath(new URL('./ceiling-child.ts', import.meta.url));
const HTTP_CHILD = fileURLToPath(new URL('./http-child.ts', import.meta.url));
/** The server's pool sizes (apps/server/src/db/client.ts): PGlite has one session, PostgreSQL 10. */
const SERVER_POOL: Record<DatabaseKind, number> = { pglite: 1, postgresql: 10 };

/**
 * Issue 18's batch against one database kind: the tasks suite's 100,000 tasks; the ceiling (one
 * multi-row UPDATE of 50 tasks, no server running: PGlite's folder admits one process), then with the
 * server POST /api/sync/batch of 50 task patches, then single PATCH calls. Each measurement changes its
 * own in-progress tasks (sync/work.ts); afterwards the versions are summed to check every change counted
 * was made once. Stops everything it started.
 */
export async function measureSync(
  kind: DatabaseKind,
  settings: SyncSettings,
  databaseUrl?: string,
): Promise<SyncReport> {
  const common = {
    connections: settings.connections,
    warmupSeconds: settings.warmupSeconds,
    durationSeconds: settings.durationSeconds,
  };
  // PostgreSQL runs in its own processes: its CPU is sampled beside the server's (PGlite's is in the server).
  const databaseCpu = kind === 'postgresql' ? () => postgresCpuSnapshot(PG.benchDatabase) : undefined;
  const runs = new Map<Measurement, LoadRun>();

  log(`[${kind}] seeding ${SEED.tasks} tasks in ${SEED.projects} projects (server started once to migrate)`);
  const seedStarted = Date.now();
  const seeded = await seedBeforeStart(kind, databaseUrl, seedTasks);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  let databaseVersion = 'unknown';
  let versions: Record<Measurement, number>;
  try {
    log(`[${kind}] ${LABEL.ceiling}`);
    const ceiling: CeilingSpec = {
      ...common,
      title: 'ceiling',
      url: `${kind} direct`,
      database: seeded.target,
      poolSize: SERVER_POOL[kind],
    };
    runs.set(
      'ceiling',
      await runLoad(ceiling, undefined, {
        script: CEILING_CHILD,
        sampleSelf: true,
        ...(databaseCpu ? { databaseCpu } : {}),
      }),
    );

    // This code's server, then the baseline's on the same data (one PGlite process at a time).
    const servers = [
      { dir: undefined, measurements: ['batch', 'patch'] as const },
      ...(settings.baselineServer
        ? [{ dir: settings.baselineServer, measurements: ['baselinePatch'] as const }]
        : []),
    ];
    for (const { dir, measurements } of servers) {
      const server = await startJalonServer(kind, databaseUrl, {
        dataDir: seeded.dataDir,
        ...(dir && { serverDir: dir }),
      });
      try {
        databaseVersion = await databaseVersionOf(server.baseUrl);
        const member = await signInMember(server.baseUrl);
        for (const measurement of measurements) {
          const mode = measurement === 'batch' ? 'batch' : 'patch';
          log(`[${kind}] ${LABEL[measurement]}`);
          const spec: HttpSyncSpec = {
            ...common,
            title: measurement,
            url: server.baseUrl,
            headers: member.headers,
            mode,
            measurement,
            userId: seeded.memberId,
          };
          runs.set(
            measurement,
            await runLoad(spec, server.pid, { script: HTTP_CHILD, ...(databaseCpu ? { databaseCpu } : {}) }),
          );
        }
      } finally {
        await server.stop();
      }
    }
    versions = await countVersions(seeded.target);
  } finally {
    await removeDataDir(seeded.dataDir);
  }

  const rows: SyncRow[] = [...runs].map(([id, run]) => ({
    id,
    label: ROW_LABEL[id],
    tasksPerCall: id === 'ceiling' || id === 'batch' ? BATCH_SIZE : 1,
    run,
    versionsAfter: versions[id],
  }));
  return { kind, databaseVersion, seedSeconds, rows, targets: targetsOf(rows) };
}

/** After the server has stopped: the sum of the versions of each measurement's tasks (seeded at 0). */
async function countVersions(target: DatabaseTarget): Promise<Record<Measurement, number>> {
  return withDatabase(target, async (query) => {
    const sum = async (measurement: Measurement) => {
      const ids = `{${tasksOf(measurement).map(taskId).join(',')}}`;
      const [row] = await query(
        'select coalesce(sum(version), 0)::int as total from tasks where id = any($1::uuid[])',
        [ids],
      );
      return Number(row?.total ?? -1);
    };
    return {
      ceiling: await sum('ceiling'),
      batch: await sum('batch'),
      patch: await sum('patch'),
      baselinePatch: await sum('baselinePatch'),
    };
  });
}

/** Every change counted was made, once: a run of errors, conflicts or replays measures nothing. */
const checked = (row: SyncRow) =>
  row.run.summary.errors === 0 &&
  row.run.summary.non2xx === 0 &&
  row.versionsAfter === row.run.summary.counts?.changed;

function targetsOf(rows: SyncRow[]): Target[] {
  const row = (id: Measurement) => rows.find((candidate) => candidate.id === id)!;
  const [ceiling, batch, patch] = [row('ceiling'), row('batch'), row('patch')];
  const baseline = rows.find((candidate) => candidate.id === 'baselinePatch');
  const rate = (of: SyncRow) => of.run.summary.requestsPerSecond;
  const ratio = rate(ceiling) > 0 ? rate(batch) / rate(ceiling) : 0;
  const factor = rate(patch) > 0 ? (rate(batch) * BATCH_SIZE) / rate(patch) : 0;
  const verified = (of: SyncRow) =>
    `${of.versionsAfter} versions for ${of.run.summary.counts?.changed ?? '?'} changes`;
  return [
    {
      label: `a batch of ${BATCH_SIZE} task patches >= ${CEILING_TARGET_RATIO * 100}% of the multi-row UPDATE's rate`,
      measured: `${(ratio * 100).toFixed(1)}% (${rate(batch).toFixed(1)} batches/s vs ${rate(ceiling).toFixed(1)} UPDATEs/s; ${verified(batch)}, ${verified(ceiling)})`,
      pass: ratio >= CEILING_TARGET_RATIO && checked(batch) && checked(ceiling),
    },
    {
      label: `its operations/s >= ${PATCH_TARGET_FACTOR}x single PATCH calls/s`,
      measured: `${factor.toFixed(1)}x (${(rate(batch) * BATCH_SIZE).toFixed(0)} vs ${rate(patch).toFixed(1)} per s; ${verified(patch)})`,
      pass: factor >= PATCH_TARGET_FACTOR && checked(batch) && checked(patch),
    },
    ...(baseline ? [patchAgainstBaseline(patch, baseline, verified)] : []),
  ];
}

/** A single PATCH on the shared write path against the baseline server's, by rate and by p50. */
function patchAgainstBaseline(patch: SyncRow, baseline: SyncRow, verified: (of: SyncRow) => string): Target {
  const rate = (of: SyncRow) => of.run.summary.requestsPerSecond;
  const ratio = rate(baseline) > 0 ? rate(patch) / rate(baseline) : 0;
  const p50 = (of: SyncRow) => of.run.summary.latencyMs.p50;
  return {
    label: `a single PATCH >= ${BASELINE_TARGET_RATIO * 100}% of the baseline server's rate (ratio printed)`,
    measured: `${ratio.toFixed(2)}x (${rate(patch).toFixed(1)} vs ${rate(baseline).toFixed(1)} per s; p50 ${p50(patch).toFixed(2)} vs ${p50(baseline).toFixed(2)} ms; ${verified(patch)}, ${verified(baseline)})`,
    pass: ratio >= BASELINE_TARGET_RATIO && checked(patch) && checked(baseline),
  };
}

/** The readable table printed at the end of the sync suite. */
export function formatSyncTable(reports: SyncReport[]): string {
  const header = [
    'database',
    'measurement',
    'conn',
    'calls/s',
    'tasks/s',
    'p50 ms',
    'p99 ms',
    'vs ceiling',
    'CPU server+db',
    'CPU ms/call',
    'CPU ratio',
    'loadgen CPU',
    'machine CPU',
    'errors',
  ];
  const lines: string[][] = [];
  for (const report of reports) {
    const ceiling = report.rows.find((row) => row.id === 'ceiling')!;
    const ceilingCpu = cpuPerCallMs(ceiling.run);
    for (const row of report.rows) {
      const s = row.run.summary;
      const cpu = row.run.serverCpu;
      const perCall = cpuPerCallMs(row.run);
      // A PATCH changes one task: its CPU is compared per 50 of them, as a batch.
      const perBatch = perCall === null ? null : (perCall * BATCH_SIZE) / row.tasksPerCall;
      lines.push([
        report.kind,
        row.label,
        String(s.connections),
        s.requestsPerSecond.toFixed(1),
        (s.requestsPerSecond * row.tasksPerCall).toFixed(0),
        ms(Number(s.latencyMs.p50.toFixed(2))),
        ms(Number(s.latencyMs.p99.toFixed(2))),
        row.tasksPerCall === BATCH_SIZE
          ? `${((s.requestsPerSecond / ceiling.run.summary.requestsPerSecond) * 100).toFixed(1)}%`
          : '',
        cpu ? `${cpu.processPercent.toFixed(0)}% + ${(row.run.databaseCpuPercent ?? 0).toFixed(0)}%` : '',
        perCall === null
          ? ''
          : row.tasksPerCall === 1
            ? `${perCall.toFixed(2)} (x50: ${perBatch!.toFixed(1)})`
            : perCall.toFixed(2),
        ceilingCpu !== null && perBatch ? `${((ceilingCpu / perBatch) * 100).toFixed(1)}%` : '',
        row.id === 'ceiling' ? '(same)' : `${s.loadGeneratorCpuPercent.toFixed(0)}%`,
        cpu?.machineBusyPercent != null ? `${cpu.machineBusyPercent.toFixed(0)}%` : '',
        String(s.errors),
      ]);
    }
  }
  const out = renderTable(header, lines, new Set([2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13]));
  out.push('');
  out.push(
    'CPU server+db: the server process (HTTP thread, PGlite worker, GC threads) or, for the ceiling, the process ' +
      'running the UPDATE loop (node-postgres and its PGlite worker), + the PostgreSQL backends of the bench ' +
      'database and the WAL writer, checkpointer and background writer (0 on PGlite: it is in the process). ' +
      "The load generator is left out. CPU ratio: the ceiling's CPU per UPDATE ÷ this row's CPU per 50 tasks.",
  );
  for (const report of reports) {
    out.push(
      `[${report.kind}] ${report.databaseVersion.slice(0, 40)}; first start + seed ${report.seedSeconds.toFixed(1)} s`,
    );
    out.push(...formatTargets(report.kind, report.targets));
  }
  return out.join('\n');
}
