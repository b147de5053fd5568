import { performance } from 'node:perf_hooks';
import { signInMember } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { runLoad, type LoadRun } from '../lib/load.ts';
import { formatTargets, logStep as log, ms, renderTable } from '../lib/report.ts';
import { databaseVersionOf, removeDataDir, startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { seedBeforeStart, type Query } from '../lib/sql.ts';
import { BIG_PROJECT_ID, projectId, SEED, seedTasks } from '../tasks/seed.ts';
import type { TasksSettings } from '../tasks/scenarios.ts';
import { sequentialLatency, summarise, type SequentialRun } from './sequential.ts';

/**
 * Issue 5's home data: the tasks suite's 100,000 tasks / 1,000 projects (its seed, which also fills the
 * dashboard's task_counts, task_events and completed_at), checked for consistency, then
 * - the reference: a plain aggregate over the tasks, run directly on the database (no server);
 * - latency without load: sequential GETs on one connection (the target is about these);
 * - autocannon on GET /api/dashboard, the focused dashboard and the 30-day trends.
 */
export interface DashboardRow {
  id: 'home' | 'focused' | 'focused-big' | 'trends';
  label: string;
  run: LoadRun;
}

export interface DashboardReport {
  kind: DatabaseKind;
  databaseVersion: string;
  seedSeconds: number;
  /** Facts of the seeded data, read back in SQL (all mismatches must be 0). */
  data: Record<string, number>;
  reference: { sql: string; runs: number; latencyMs: ReturnType<typeof summarise> };
  sequential: (SequentialRun & { id: DashboardRow['id'] | 'check' })[];
  rows: DashboardRow[];
  targets: Target[];
}

const HOME_P99_TARGET_MS = 25;
/** The target's row: 200 requests; the other rows are diagnostics, 100 each to keep the suite short. */
const SEQUENTIAL = { count: 200, warmup: 20 } as const;
const SEQUENTIAL_OTHERS = { count: 100, warmup: 10 } as const;
const REFERENCE = { runs: 30, warmup: 3 } as const;
export const REFERENCE_SQL =
  'select status, priority, count(*) from tasks where deleted_at is null group by 1, 2';

const HOME = '/api/dashboard';
/**
 * Focused on a typical project (project 2: 99 tasks, every status, deadlines past and future), and, without
 * load only, on the 1,000-task project: its tasks are every 100th of the seed, so all 'todo' and none with a
 * deadline, the worst case for the deadline lists (nothing ahead to find).
 */
const FOCUSED = `/api/dashboard?projectId=${projectId(2)}`;
const FOCUSED_BIG = `/api/dashboard?projectId=${BIG_PROJECT_ID}`;
const TRENDS = '/api/analytics/trends?days=30';

/** What the dashboard reads instead of the tasks must agree with the tasks (task-bookkeeping.ts). */
async function checkDashboardData(query: Query): Promise<Record<string, number>> {
  const [facts] = await query(
    `select
       (select count(*)::int from (
          select project_id, status, priority, count(*)::int as n from tasks where deleted_at is null group by 1, 2, 3
        ) t full join task_counts c using (project_id, status, priority)
        where coalesce(t.n, 0) <> coalesce(c.count, 0)) as "taskCountsMismatches",
       (select count(*)::int from projects p
          left join (select project_id, count(*)::int as n,
                            sum(case when status = 'done' then 100 else progress end)::int as progress
                       from tasks where deleted_at is null group by 1) t on t.project_id = p.id
         where p.deleted_at is null
           and (p.task_count <> coalesce(t.n, 0) or p.progress_sum <> coalesce(t.progress, 0)))
         as "projectSumMismatches",
       (select count(*)::int from tasks where deleted_at is null) -
         (select count(*)::int from task_events where kind = 'created') as "createdEventsMissing",
       (select count(*)::int from tasks where status = 'done') -
         (select count(*)::int from task_events where kind = 'completed') as "completedEventsMissing",
       (select count(*)::int from tasks where status = 'done' and completed_at is null) as "doneWithoutCompletedAt",
       (select count(*)::int from task_events where at >= now() - interval '30 days') as "eventsLast30Days",
       (select count(*)::int from task_events) as "events",
       (select count(*)::int from tasks where status <> 'done' and deadline < now()) as "openTasksOverdue",
       (select count(*)::int from tasks where deadline >= now()) as "tasksDeadlineFuture",
       (select count(*)::int from tasks where deadline is null) as "tasksWithoutDeadline"`,
  );
  if (!facts) throw new Error('dashboard data check returned nothing');
  const data = Object.fromEntries(Object.entries(facts).map(([key, value]) => [key, Number(value)]));
  const wrong = Object.entries(data).filter(
    ([key, value]) => /Mismatches|Missing|Without/.test(key) && key !== 'tasksWithoutDeadline' && value !== 0,
  );
  if (wrong.length > 0)
    throw new Error(`dashboard data inconsistent after the seed: ${JSON.stringify(data)}`);
  return data;
}

/** The reference: one plain aggregate over the live tasks, timed from the bench process. */
async function timeReference(query: Query): Promise<DashboardReport['reference']> {
  for (let i = 0; i < REFERENCE.warmup; i++) await query(REFERENCE_SQL);
  const samples: number[] = [];
  for (let i = 0; i < REFERENCE.runs; i++) {
    const started = performance.now();
    await query(REFERENCE_SQL);
    samples.push(performance.now() - started);
  }
  return { sql: REFERENCE_SQL, runs: REFERENCE.runs, latencyMs: summarise(samples) };
}

export async function measureDashboard(
  kind: DatabaseKind,
  settings: TasksSettings,
  databaseUrl?: string,
): Promise<DashboardReport> {
  log(`[${kind}] seeding ${SEED.tasks} tasks in ${SEED.projects} projects (the tasks suite's seed)`);
  const seedStarted = Date.now();
  let data: Record<string, number> = {};
  let reference: DashboardReport['reference'] | undefined;
  let seedSeconds = 0;
  // While no server runs (PGlite's folder admits one process): seed, check, then time the reference.
  const seeded = await seedBeforeStart(kind, databaseUrl, async (query, ids) => {
    await seedTasks(query, ids);
    seedSeconds = (Date.now() - seedStarted) / 1000;
    data = await checkDashboardData(query);
    log(`[${kind}] dashboard data consistent; timing the reference aggregate ${REFERENCE.runs} times`);
    reference = await timeReference(query);
  });
  if (!reference) throw new Error('the reference was not measured');

  const rows: DashboardRow[] = [];
  const sequential: DashboardReport['sequential'] = [];
  let databaseVersion = 'unknown';
  try {
    log(`[${kind}] starting the Jalon server on the seeded database`);
    const server = await startJalonServer(kind, databaseUrl, { dataDir: seeded.dataDir });
    try {
      databaseVersion = await databaseVersionOf(server.baseUrl);
      const member = await signInMember(server.baseUrl);
      await checkAnswers(server.baseUrl, member.headers);

      const paths = [
        { id: 'home', path: HOME, title: 'GET /api/dashboard' },
        { id: 'focused', path: FOCUSED, title: 'GET /api/dashboard?projectId=… (99 tasks)' },
        { id: 'focused-big', path: FOCUSED_BIG, title: 'GET /api/dashboard?projectId=… (1,000 tasks)' },
        { id: 'trends', path: TRENDS, title: 'GET /api/analytics/trends?days=30' },
        { id: 'check', path: '/api/auth/sessions/check', title: 'GET /api/auth/sessions/check (floor)' },
      ] as const;
      for (const { id, path, title } of paths) {
        const counts = id === 'home' ? SEQUENTIAL : SEQUENTIAL_OTHERS;
        log(`[${kind}] sequential: ${counts.warmup} + ${counts.count} × ${path}, one connection`);
        sequential.push({
          id,
          ...(await sequentialLatency(server.baseUrl, path, member.headers, {
            title,
            ...counts,
            serverPid: server.pid,
          })),
        });
      }

      for (const { id, path, title } of paths.filter(
        (entry) => entry.id !== 'check' && entry.id !== 'focused-big',
      )) {
        log(`[${kind}] autocannon ${settings.connections} connections: ${path}`);
        rows.push({
          id,
          label: title,
          run: await runLoad(
            {
              title,
              url: `${server.baseUrl}${path}`,
              headers: member.headers,
              connections: settings.connections,
              warmupSeconds: settings.warmupSeconds,
              durationSeconds: settings.durationSeconds,
            },
            server.pid,
          ),
        });
      }
    } finally {
      await server.stop();
    }
  } finally {
    await removeDataDir(seeded.dataDir);
  }

  const targets: Target[] = [];
  const home = sequential.find((run) => run.id === 'home');
  if (home)
    targets.push({
      label: `home data (GET ${HOME}) p99 < ${HOME_P99_TARGET_MS} ms, ${home.requests} sequential requests`,
      measured:
        `p99 ${home.latencyMs.p99.toFixed(1)} ms, p50 ${home.latencyMs.p50.toFixed(1)} ms ` +
        `(reference aggregate p50 ${reference.latencyMs.p50.toFixed(1)} ms: ` +
        `${(reference.latencyMs.p50 / home.latencyMs.p50).toFixed(1)}× the home's p50)`,
      pass: home.latencyMs.p99 < HOME_P99_TARGET_MS,
    });
  return { kind, databaseVersion, seedSeconds, data, reference, sequential, rows, targets };
}

/** Each route must answer what the seed implies before it is measured: a load of errors measures nothing. */
async function checkAnswers(baseUrl: string, headers: Record<string, string>): Promise<void> {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (JSON.parse(text) as { data: unknown }).data;
  };
  type Home = {
    counters?: { totalTasks?: number; projects?: number };
    projects?: unknown[];
    recentTasks?: unknown[];
    upcoming?: unknown[];
  };
  const home = (await get(HOME)) as Home;
  if (home.counters?.totalTasks !== SEED.tasks || home.counters.projects !== SEED.projects)
    throw new Error(`GET ${HOME} counts ${JSON.stringify(home.counters)}, expected ${SEED.tasks} tasks`);
  if (!home.projects?.length || !home.recentTasks?.length || !home.upcoming?.length)
    throw new Error(`GET ${HOME} has an empty card list: ${JSON.stringify(home).slice(0, 300)}`);
  const focused = (await get(FOCUSED)) as Home;
  if (focused.counters?.totalTasks !== 99 || !focused.upcoming?.length)
    throw new Error(`GET ${FOCUSED} counts ${JSON.stringify(focused.counters)}, expected 99 tasks`);
  const big = (await get(FOCUSED_BIG)) as Home;
  if (big.counters?.totalTasks !== SEED.bigProjectTasks)
    throw new Error(`GET ${FOCUSED_BIG} counts ${JSON.stringify(big.counters)}`);
  const trends = (await get(TRENDS)) as { days?: unknown[]; created?: number[] };
  const created = (trends.created ?? []).reduce((sum, n) => sum + n, 0);
  if (trends.days?.length !== 30 || created === 0)
    throw new Error(`GET ${TRENDS}: ${trends.days?.length} days, ${created} created`);
}

/** The readable tables printed at the end of the dashboard suite. */
export function formatDashboardTable(reports: DashboardReport[]): string {
  const out: string[] = [
    'Latency without load (one connection, one request at a time, nearest-rank percentiles):',
    '',
  ];
  const seqLines: string[][] = [];
  for (const report of reports) {
    const r = report.reference.latencyMs;
    seqLines.push([
      report.kind,
      `reference: \`${REFERENCE_SQL}\`, direct`,
      String(report.reference.runs),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.max.toFixed(1),
      '(bench proc.)',
      '',
    ]);
    for (const run of report.sequential) {
      const l = run.latencyMs;
      seqLines.push([
        report.kind,
        run.title,
        String(run.requests),
        l.p50.toFixed(1),
        l.p99.toFixed(1),
        l.max.toFixed(1),
        run.cpuMsPerRequest
          ? `${run.cpuMsPerRequest.main.toFixed(2)} + ${run.cpuMsPerRequest.other.toFixed(2)}`
          : '',
        `${(run.bodyBytes / 1024).toFixed(1)} KiB`,
      ]);
    }
  }
  out.push(
    ...renderTable(
      ['database', 'measurement', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'CPU ms/req main+other', 'body'],
      seqLines,
      new Set([2, 3, 4, 5, 7]),
    ),
  );

  out.push('', `Under load (autocannon, 1 ms histogram):`, '');
  const lines: string[][] = [];
  for (const report of reports) {
    for (const row of report.rows) {
      const s = row.run.summary;
      const cpu = row.run.serverCpu;
      const rate = s.requestsPerSecond;
      lines.push([
        report.kind,
        row.label,
        String(s.connections),
        rate < 100 ? rate.toFixed(1) : rate.toFixed(0),
        ms(s.latencyMs.p50),
        ms(s.latencyMs.p99),
        cpu ? `${cpu.mainThreadPercent.toFixed(0)}% + ${cpu.otherThreadsPercent.toFixed(0)}%` : '',
        cpu && rate > 0
          ? `${((cpu.mainThreadPercent * 10) / rate).toFixed(2)} + ${((cpu.otherThreadsPercent * 10) / rate).toFixed(2)}`
          : '',
        `${s.loadGeneratorCpuPercent.toFixed(0)}%`,
        cpu?.machineBusyPercent != null ? `${cpu.machineBusyPercent.toFixed(0)}%` : '',
        `${s.non2xx}/${s.errors}`,
      ]);
    }
  }
  out.push(
    ...renderTable(
      [
        'database',
        'measurement',
        'conn',
        'req/s',
        'p50 ms',
        'p99 ms',
        'CPU main+other',
        'CPU ms/req main+other',
        'loadgen CPU',
        'machine CPU',
        'non-2xx/err',
      ],
      lines,
      new Set([2, 3, 4, 5, 7, 8, 9, 10]),
    ),
  );
  out.push(
    '',
    'CPU: the server process, main (HTTP) thread + other threads (PGlite worker, V8 GC helpers); PostgreSQL ' +
      'backends are not counted. The reference runs in the bench process (PGlite in process, or one ' +
      'node-postgres client), before the server starts.',
  );
  for (const report of reports) {
    const d = report.data;
    out.push(
      `[${report.kind}] ${report.databaseVersion.slice(0, 40)}; first start + seed ${report.seedSeconds.toFixed(1)} s; ` +
        `task_events ${d.events} (${d.eventsLast30Days} in the last 30 days); open tasks overdue ${d.openTasksOverdue}, ` +
        `deadlines ahead ${d.tasksDeadlineFuture}, none ${d.tasksWithoutDeadline}; task_counts/projects/events mismatches 0`,
    );
    out.push(...formatTargets(report.kind, report.targets));
  }
  return out.join('\n');
}
