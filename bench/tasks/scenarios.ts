import { fileURLToPath } from 'node:url';
import { signInMember } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { postgresCpuSnapshot } from '../lib/database-cpu.ts';
import { cpuPerCallMs, runLoad, type LoadRequest, type LoadRun, type LoadSpec } from '../lib/load.ts';
import { PG } from '../lib/postgres.ts';
import { formatTargets, logStep as log, ms, renderTable } from '../lib/report.ts';
import { databaseVersionOf, removeDataDir, startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { seedBeforeStart } from '../lib/sql.ts';
import type { DirectSpec } from './direct-child.ts';
import { BIG_PROJECT_ID, SEED, seedTasks, taskId } from './seed.ts';

export interface TasksSettings {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
}

export interface TasksRow {
  id: 'direct' | 'list' | 'list-kept' | 'project-tasks-cold' | 'project-tasks' | 'project-pair' | 'patch';
  label: string;
  run: LoadRun;
  /** Body size of one answer, when it is fixed. */
  responseBytes?: number;
}

export interface TasksReport {
  kind: DatabaseKind;
  databaseVersion: string;
  seedSeconds: number;
  rows: TasksRow[];
  targets: Target[];
}

const LIST_LIMIT = 50;
const LIST_TARGET_RATIO = 0.7;
const PROJECT_TARGET_RPS = 80;
const DIRECT_CHILD = fileURLToPath(new URL('./direct-child.ts', import.meta.url));
/** The server's pool sizes (apps/server/src/db/client.ts): PGlite has one session, PostgreSQL 10. */
const SERVER_POOL: Record<DatabaseKind, number> = { pglite: 1, postgresql: 10 };
/** The server without its cache of list answers: every list call runs its statement and builds its JSON. */
const CACHE_OFF = { LIST_CACHE_MB: '0' };

/** 20 in-progress tasks of 20 different projects (task i is in project 2 + i % 999; i % 4 = 1). */
const PATCHED_TASKS = Array.from({ length: 20 }, (_, k) => taskId(5_000 * k + 1));

const listPath = `/api/tasks?limit=${LIST_LIMIT}`;
const projectTasksPath = `/api/tasks?projectId=${BIG_PROJECT_ID}&limit=${SEED.bigProjectTasks}`;
const projectPath = `/api/projects/${BIG_PROJECT_ID}`;

type Load = (title: string, path: string, extra?: Partial<LoadSpec>) => Promise<LoadRun>;
interface ServerSession {
  baseUrl: string;
  headers: Record<string, string>;
  load: Load;
  /** Body sizes of the list, the project's tasks and the project, each checked to answer what it must. */
  bytes: { list: number; projectTasks: number; project: number };
}

/**
 * Issue 4's measurements against one database kind: seed, the direct-query ceiling, then over HTTP with
 * the list cache off (every call builds its answer: the ratio target, the cold project, PATCH), then with
 * the default settings (the cache of list answers on: the project target). Stops everything it started.
 */
export async function measureTasks(
  kind: DatabaseKind,
  settings: TasksSettings,
  databaseUrl?: string,
): Promise<TasksReport> {
  const common = {
    connections: settings.connections,
    warmupSeconds: settings.warmupSeconds,
    durationSeconds: settings.durationSeconds,
  };
  const rows: TasksRow[] = [];
  // PostgreSQL runs in its own processes: its CPU is sampled beside the server's (PGlite's is in the server).
  const databaseCpu = kind === 'postgresql' ? () => postgresCpuSnapshot(PG.benchDatabase) : undefined;
  const sampling = databaseCpu ? { databaseCpu } : {};

  log(`[${kind}] seeding ${SEED.tasks} tasks in ${SEED.projects} projects (server started once to migrate)`);
  const seedStarted = Date.now();
  const seeded = await seedBeforeStart(kind, databaseUrl, seedTasks);
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  let databaseVersion = 'unknown';

  /** Starts the server on the seeded database with `env`, signs the member in, checks the routes. */
  const withServer = async (env: Record<string, string>, work: (session: ServerSession) => Promise<void>) => {
    const server = await startJalonServer(kind, databaseUrl, { dataDir: seeded.dataDir, env });
    try {
      databaseVersion = await databaseVersionOf(server.baseUrl);
      const member = await signInMember(server.baseUrl);
      // Each route must answer what it is meant to before its load: a load of errors measures nothing.
      const list = await expectItems(server.baseUrl, listPath, member.headers, LIST_LIMIT);
      const projectTasks = await expectItems(
        server.baseUrl,
        projectTasksPath,
        member.headers,
        SEED.bigProjectTasks,
      );
      const project = await getJson(server.baseUrl, projectPath, member.headers);
      if ((project.json as { data?: { taskCount?: number } }).data?.taskCount !== SEED.bigProjectTasks)
        throw new Error(
          `${projectPath} does not count ${SEED.bigProjectTasks} tasks: ${project.text.slice(0, 300)}`,
        );
      await work({
        baseUrl: server.baseUrl,
        headers: member.headers,
        load: (title, path, extra = {}) =>
          runLoad(
            { ...common, title, url: `${server.baseUrl}${path}`, headers: member.headers, ...extra },
            server.pid,
            sampling,
          ),
        bytes: { list, projectTasks, project: Buffer.byteLength(project.text) },
      });
    } finally {
      await server.stop();
    }
  };

  try {
    // The ceiling first, while no server runs (PGlite's folder admits one process), then the HTTP list
    // right after it, so that the two figures of the ratio are taken close together.
    log(`[${kind}] 1/7 direct list statement through node-postgres (ceiling)`);
    const direct: DirectSpec = {
      ...common,
      title: 'direct list query',
      url: `${kind} direct`,
      database: seeded.target,
      poolSize: SERVER_POOL[kind],
      limit: LIST_LIMIT,
      viewerId: seeded.memberId,
    };
    rows.push({
      id: 'direct',
      label: `direct list statement, node-postgres pool ${SERVER_POOL[kind]} (ceiling)`,
      run: await runLoad(direct, undefined, { script: DIRECT_CHILD, sampleSelf: true, ...sampling }),
    });

    log(`[${kind}] starting the Jalon server with LIST_CACHE_MB=0 (every list call builds its answer)`);
    await withServer(CACHE_OFF, async ({ baseUrl, headers, load, bytes }) => {
      log(`[${kind}] 2/7 GET ${listPath}, cache off`);
      rows.push({
        id: 'list',
        label: `GET /api/tasks?limit=${LIST_LIMIT} (of ${SEED.tasks}), cache off`,
        run: await load('list', listPath),
        responseBytes: bytes.list,
      });

      log(`[${kind}] 3/7 GET the 1,000 tasks of one project, cache off`);
      rows.push({
        id: 'project-tasks-cold',
        label: `GET /api/tasks?projectId=…&limit=${SEED.bigProjectTasks}, cache off`,
        run: await load('project tasks, cache off', projectTasksPath),
        responseBytes: bytes.projectTasks,
      });

      log(`[${kind}] 4/7 PATCH /api/tasks/{id} {progress}, ${PATCHED_TASKS.length} tasks in turn`);
      rows.push({
        id: 'patch',
        label: `PATCH /api/tasks/{id} {progress} (${PATCHED_TASKS.length} tasks)`,
        run: await load('patch', `/api/tasks/${PATCHED_TASKS[0]}`, {
          requests: await probedPatches(baseUrl, headers),
        }),
      });
    });

    log(
      `[${kind}] starting the Jalon server with its default settings (list answers kept while nothing changes)`,
    );
    await withServer({}, async ({ load, bytes }) => {
      log(`[${kind}] 5/7 GET ${listPath}`);
      rows.push({
        id: 'list-kept',
        label: `GET /api/tasks?limit=${LIST_LIMIT}, default (cache on)`,
        run: await load('list, cache on', listPath),
        responseBytes: bytes.list,
      });

      log(`[${kind}] 6/7 GET the 1,000 tasks of one project`);
      rows.push({
        id: 'project-tasks',
        label: `GET /api/tasks?projectId=…&limit=${SEED.bigProjectTasks}, default`,
        run: await load('project tasks', projectTasksPath),
        responseBytes: bytes.projectTasks,
      });

      log(`[${kind}] 7/7 GET the project, then its 1,000 tasks, in turn on each connection`);
      const pair: LoadRequest[] = [
        { method: 'GET', path: projectPath },
        { method: 'GET', path: projectTasksPath },
      ];
      rows.push({
        id: 'project-pair',
        label: 'project opened: GET project + its tasks (pairs/s), default',
        run: await load('project + tasks', projectPath, { requests: pair }),
        responseBytes: bytes.project + bytes.projectTasks,
      });
    });
  } finally {
    await removeDataDir(seeded.dataDir);
  }

  const runOf = (id: TasksRow['id']) => rows.find((row) => row.id === id)?.run;
  const rps = (id: TasksRow['id']) => runOf(id)?.summary;
  const direct = rps('direct');
  const list = rps('list');
  const projectTasks = rps('project-tasks');
  const projectCold = rps('project-tasks-cold');
  const targets: Target[] = [];
  if (direct && list && direct.requestsPerSecond > 0) {
    const ratio = list.requestsPerSecond / direct.requestsPerSecond;
    const cpuRatio = cpuAccountedRatio(runOf('direct')!, runOf('list')!);
    // The load generator and PostgreSQL share the two cores with the server, so the rates also count the
    // time each waited for a core: the target is judged on CPU per call (the team's rule for benches).
    targets.push({
      label: `GET /api/tasks?limit=${LIST_LIMIT}, cache off, >= ${LIST_TARGET_RATIO * 100}% of the direct statement, CPU-accounted`,
      measured:
        `${cpuRatio === null ? 'no CPU figure' : `${(cpuRatio * 100).toFixed(1)}%`} ` +
        `(by rate: ${(ratio * 100).toFixed(1)}%, ${list.requestsPerSecond.toFixed(0)} vs ${direct.requestsPerSecond.toFixed(0)} per s)`,
      pass: cpuRatio !== null && cpuRatio >= LIST_TARGET_RATIO && list.non2xx === 0 && list.errors === 0,
    });
  }
  if (projectTasks) {
    targets.push({
      label: `the 1,000-task project's tasks >= ${PROJECT_TARGET_RPS} requests/s at ${settings.connections} connections`,
      measured:
        `${projectTasks.requestsPerSecond.toFixed(1)} requests/s` +
        (projectCold ? ` (cache off: ${projectCold.requestsPerSecond.toFixed(1)})` : ''),
      pass:
        projectTasks.requestsPerSecond >= PROJECT_TARGET_RPS &&
        projectTasks.non2xx === 0 &&
        projectTasks.errors === 0,
    });
  }
  return { kind, databaseVersion, seedSeconds, rows, targets };
}

/** The ceiling's CPU per call ÷ the row's: what the row would reach of the ceiling with the cores to itself. */
export function cpuAccountedRatio(ceiling: LoadRun, row: LoadRun): number | null {
  const [ceilingMs, rowMs] = [cpuPerCallMs(ceiling), cpuPerCallMs(row)];
  return ceilingMs === null || rowMs === null || rowMs <= 0 ? null : ceilingMs / rowMs;
}

/**
 * Two rounds of PATCHes over the 20 tasks with different values, so that most change the progress (and
 * the project's sum); the first is sent once to check that it answers 200.
 */
async function probedPatches(baseUrl: string, headers: Record<string, string>): Promise<LoadRequest[]> {
  const patches: LoadRequest[] = [0, 1].flatMap((round) =>
    PATCHED_TASKS.map((id, k) => ({
      method: 'PATCH' as const,
      path: `/api/tasks/${id}`,
      body: JSON.stringify({ progress: round === 0 ? 20 + k : 80 - k }),
      headers: { 'content-type': 'application/json' },
    })),
  );
  const first = patches[0]!;
  const probe = await fetch(`${baseUrl}${first.path}`, {
    method: 'PATCH',
    headers: { ...headers, ...first.headers },
    body: first.body ?? null,
    signal: AbortSignal.timeout(15_000),
  });
  const probeText = await probe.text();
  if (probe.status !== 200) throw new Error(`PATCH ${first.path} answered ${probe.status}: ${probeText}`);
  return patches;
}

export async function getJson(baseUrl: string, path: string, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return { text, json: JSON.parse(text) as unknown };
}

/** GETs `path`, checks it lists `count` items, returns the body's size in bytes. */
export async function expectItems(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  count: number,
) {
  const { text, json } = await getJson(baseUrl, path, headers);
  const listed = (json as { data?: unknown[] }).data?.length;
  if (listed !== count) throw new Error(`GET ${path} listed ${listed} items, expected ${count}`);
  return Buffer.byteLength(text);
}

/** The readable table printed at the end of the tasks suite. */
export function formatTasksTable(reports: TasksReport[]): string {
  const header = [
    'database',
    'measurement',
    'conn',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs direct',
    'CPU main+other',
    'CPU ms/req main+other',
    'PostgreSQL CPU',
    'CPU ms/req all',
    'CPU ratio',
    'loadgen CPU',
    'machine CPU',
    'non-2xx/err',
    'body',
  ];
  const lines: string[][] = [];
  for (const report of reports) {
    const directRun = report.rows.find((row) => row.id === 'direct')?.run;
    const directRps = directRun?.summary.requestsPerSecond ?? 0;
    for (const row of report.rows) {
      const comparable = row.id === 'list' || row.id === 'list-kept' || row.id === 'direct';
      const allMs = cpuPerCallMs(row.run);
      const cpuRatio = comparable && directRun ? cpuAccountedRatio(directRun, row.run) : null;
      const s = row.run.summary;
      const cpu = row.run.serverCpu;
      // A pair is two requests: its rate is pairs per second.
      const rate = row.id === 'project-pair' ? s.requestsPerSecond / 2 : s.requestsPerSecond;
      lines.push([
        report.kind,
        row.label,
        String(s.connections),
        rate < 100 ? rate.toFixed(1) : rate.toFixed(0),
        ms(s.latencyMs.p50),
        ms(s.latencyMs.p99),
        comparable ? (directRps > 0 ? `${((s.requestsPerSecond / directRps) * 100).toFixed(1)}%` : '-') : '',
        cpu ? `${cpu.mainThreadPercent.toFixed(0)}% + ${cpu.otherThreadsPercent.toFixed(0)}%` : '',
        // CPU time per request (per pair for the pair row) is steadier than req/s on a shared machine.
        cpu && rate > 0
          ? `${((cpu.mainThreadPercent * 10) / rate).toFixed(2)} + ${((cpu.otherThreadsPercent * 10) / rate).toFixed(2)}`
          : '',
        row.run.databaseCpuPercent != null ? `${row.run.databaseCpuPercent.toFixed(0)}%` : '',
        allMs === null ? '' : (allMs * (row.id === 'project-pair' ? 2 : 1)).toFixed(2),
        cpuRatio === null ? '' : `${(cpuRatio * 100).toFixed(1)}%`,
        row.id === 'direct' ? '(same)' : `${s.loadGeneratorCpuPercent.toFixed(0)}%`,
        cpu?.machineBusyPercent != null ? `${cpu.machineBusyPercent.toFixed(0)}%` : '',
        `${s.non2xx}/${s.errors}`,
        row.responseBytes !== undefined ? `${(row.responseBytes / 1024).toFixed(1)} KiB` : '',
      ]);
    }
  }
  const out = renderTable(header, lines, new Set([2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15]));
  out.push('');
  out.push(
    'CPU: the server process, main (HTTP) thread + other threads (PGlite worker, and V8 GC helpers); for the ' +
      'direct row, the bench process running the query loop (main = node-postgres, other = its PGlite worker). ' +
      "PostgreSQL CPU: the bench database's backends and the cluster's writers. CPU ms/req all: both, the load " +
      "generator excluded; CPU ratio: the direct row's ÷ this row's. Pair row: req/s and CPU ms are per pair, " +
      'latencies per request.',
  );
  for (const report of reports) {
    out.push(
      `[${report.kind}] ${report.databaseVersion.slice(0, 40)}; first start + seed ${report.seedSeconds.toFixed(1)} s`,
    );
    out.push(...formatTargets(report.kind, report.targets));
  }
  return out.join('\n');
}
