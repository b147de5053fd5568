import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { signInMember } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { postgresCpuSnapshot } from '../lib/database-cpu.ts';
import { cpuPerCallMs, runLoad, type LoadRun } from '../lib/load.ts';
import { PG } from '../lib/postgres.ts';
import { formatTargets, logStep as log, ms, renderTable } from '../lib/report.ts';
import { databaseVersionOf, removeDataDir, startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { seedBeforeStart } from '../lib/sql.ts';
import type { DirectSpec } from '../tasks/direct-child.ts';
import { cpuAccountedRatio, expectItems, type TasksSettings } from '../tasks/scenarios.ts';
import { measureBrowser, VIEWS, type BrowserFigures, type ProfileFigures } from './browser.ts';
import {
  FILTERED,
  SCALE,
  scaleLabelId,
  scaleMemberId,
  scaleSeedOf,
  seedScale,
  type ScaleSeed,
} from './seed.ts';

/**
 * Issue 40's suite: a team at scale (seed.ts), the filtered task list under load on each database
 * against its direct statement, and once, on PGlite, the web app in Chromium (browser.ts).
 */
export interface ScaleOptions extends TasksSettings {
  tasks: number;
}

export interface ScaleReport {
  kind: DatabaseKind;
  databaseVersion: string;
  seed: ScaleSeed;
  seedSeconds: number;
  /** What GET /api/tasks answers to a status + assignee + label filter (the API's own filters only: label). */
  fullFilterStatus: number;
  direct: LoadRun | null;
  filtered: LoadRun | null;
  browser: BrowserFigures | null;
  targets: Target[];
}

const P99_TARGET_MS = 50;
const RATIO_TARGET = 0.7;
const LIMIT = 50;
const FIRST_CONTENT_TARGET_MS = { desk: 1_000, phone: 2_500 } as const;
const FIRST_VISIT_TARGET_MS = 4_000;
const LONG_TASK_TARGET_MS = { desk: 50, phone: 150 } as const;
const FILTER_RESULT_TARGET_MS = 100;
const HEAP_TARGET_MB = 150;
const FULL_PULL_TARGET_S = 30;
/** A later pull "only what changed": under 1% of the full pull's bytes for one changed task. */
const DELTA_SHARE_TARGET = 0.01;
const DIRECT_CHILD = fileURLToPath(new URL('../tasks/direct-child.ts', import.meta.url));
const SERVER_POOL: Record<DatabaseKind, number> = { pglite: 1, postgresql: 10 };

const labelFilter = `{${scaleLabelId(FILTERED.label)}}`;
const filteredPath = `/api/tasks?label=${scaleLabelId(FILTERED.label)}&status=${FILTERED.status}&assignee=${scaleMemberId(FILTERED.member)}&limit=${LIMIT}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function measureScale(
  kind: DatabaseKind,
  options: ScaleOptions,
  databaseUrl?: string,
): Promise<ScaleReport> {
  const seed = scaleSeedOf(options.tasks);
  const common = {
    connections: options.connections,
    warmupSeconds: options.warmupSeconds,
    durationSeconds: options.durationSeconds,
  };
  const databaseCpu = kind === 'postgresql' ? () => postgresCpuSnapshot(PG.benchDatabase) : undefined;
  const sampling = databaseCpu ? { databaseCpu } : {};

  log(
    `[${kind}] seeding ${seed.tasks} tasks in ${SCALE.projects} projects, ${SCALE.members} members, ${seed.history} history rows`,
  );
  const seedStarted = Date.now();
  const seeded = await seedBeforeStart(kind, databaseUrl, (query, ids) => seedScale(query, ids, seed));
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const report: ScaleReport = {
    kind,
    databaseVersion: 'unknown',
    seed,
    seedSeconds,
    fullFilterStatus: 0,
    direct: null,
    filtered: null,
    browser: null,
    targets: [],
  };
  try {
    log(`[${kind}] direct statement of the status + assignee + label filter through node-postgres (ceiling)`);
    const direct: DirectSpec = {
      ...common,
      title: 'direct filtered list',
      url: `${kind} direct`,
      database: seeded.target,
      poolSize: SERVER_POOL[kind],
      limit: LIMIT,
      viewerId: seeded.memberId,
      labels: labelFilter,
      status: FILTERED.status,
      assignee: scaleMemberId(FILTERED.member),
    };
    report.direct = await runLoad(direct, undefined, { script: DIRECT_CHILD, sampleSelf: true, ...sampling });

    log(`[${kind}] starting the Jalon server with LIST_CACHE_MB=0 (every list call builds its answer)`);
    const server = await startJalonServer(kind, databaseUrl, {
      dataDir: seeded.dataDir,
      env: { LIST_CACHE_MB: '0' },
    });
    try {
      report.databaseVersion = await databaseVersionOf(server.baseUrl);
      const member = await signInMember(server.baseUrl);
      const probe = await fetch(`${server.baseUrl}${filteredPath}`, { headers: member.headers });
      report.fullFilterStatus = probe.status;
      await probe.arrayBuffer();
      await expectItems(server.baseUrl, filteredPath, member.headers, LIMIT);
      log(`[${kind}] autocannon ${options.connections} connections: GET ${filteredPath}`);
      report.filtered = await runLoad(
        {
          ...common,
          title: 'filtered list',
          url: `${server.baseUrl}${filteredPath}`,
          headers: member.headers,
        },
        server.pid,
        sampling,
      );
      if (kind === 'pglite') {
        log(`[${kind}] Chromium on the built web app (load average ${os.loadavg()[0]?.toFixed(2)})`);
        report.browser = await measureBrowser(server.baseUrl, { ...member, userId: seeded.memberId }, seed);
      }
    } finally {
      await server.stop();
    }
  } finally {
    await removeDataDir(seeded.dataDir);
  }
  report.targets = targetsOf(report);
  return report;
}

function targetsOf(report: ScaleReport): Target[] {
  const { seed } = report;
  const tasks = seed.tasks.toLocaleString('en');
  const targets: Target[] = [
    {
      label: `GET /api/tasks filtered by status + assignee + label over ${tasks} tasks`,
      measured: report.fullFilterStatus === 200 ? 'answered 200' : `answered ${report.fullFilterStatus}`,
      pass: report.fullFilterStatus === 200,
    },
  ];
  const filtered = report.filtered?.summary;
  if (filtered && report.direct) {
    targets.push({
      label: `GET /api/tasks?status=…&assignee=…&label=… over ${tasks} tasks, p99 < ${P99_TARGET_MS} ms at ${filtered.connections} connections`,
      measured: `p99 ${ms(filtered.latencyMs.p99)} ms (p50 ${ms(filtered.latencyMs.p50)}), ${filtered.non2xx} non-2xx, ${filtered.errors} errors`,
      pass: filtered.latencyMs.p99 < P99_TARGET_MS && filtered.non2xx === 0 && filtered.errors === 0,
    });
    const ratio = cpuAccountedRatio(report.direct, report.filtered!);
    const byRate = filtered.requestsPerSecond / Math.max(1, report.direct.summary.requestsPerSecond);
    targets.push({
      label: `the same >= ${RATIO_TARGET * 100}% of its direct statement, CPU-accounted`,
      measured: `${ratio === null ? 'no CPU figure' : `${(ratio * 100).toFixed(1)}%`} (by rate ${(byRate * 100).toFixed(1)}%)`,
      pass: ratio !== null && ratio >= RATIO_TARGET,
    });
  }
  const browser = report.browser;
  if (!browser) return targets;
  const copy = browser.copy;
  targets.push(
    {
      label: `first visit (no device copy, online, desk): first rows of the ${seed.bigProjectTasks.toLocaleString('en')}-task project in under ${FIRST_VISIT_TARGET_MS} ms`,
      measured: `${browser.firstVisitMs.toFixed(0)} ms`,
      pass: browser.firstVisitMs < FIRST_VISIT_TARGET_MS,
    },
    {
      label: `first full pull of ${tasks} tasks into IndexedDB in under ${FULL_PULL_TARGET_S} s (desk)`,
      measured:
        (copy.tasksInCopy < seed.tasks
          ? `not complete after ${copy.fullPullSeconds.toFixed(0)} s: ${copy.tasksInCopy.toLocaleString('en')} tasks in the copy`
          : `${copy.fullPullSeconds.toFixed(1)} s`) +
        `; ${mib(copy.fullPullBytes)} on the wire in ${copy.fullPullPages} pages; IndexedDB ${mib(copy.storageBytes)}`,
      pass: copy.tasksInCopy >= seed.tasks && copy.fullPullSeconds < FULL_PULL_TARGET_S,
    },
    {
      label: `a later pull brings only what changed (one task): under ${DELTA_SHARE_TARGET * 100}% of the full pull's bytes`,
      measured: copy.delta
        ? `${copy.delta.bytes.toLocaleString('en')} bytes in ${copy.delta.pages} page(s), on the device ${copy.delta.seconds.toFixed(1)} s after the change`
        : 'not measured: the full copy never completed',
      pass:
        copy.delta !== null &&
        copy.delta.pages > 0 &&
        copy.delta.bytes < copy.fullPullBytes * DELTA_SHARE_TARGET,
    },
    {
      label: `the tab's JS heap with the ${tasks}-task copy loaded under ${HEAP_TARGET_MB} MB (after a GC)`,
      // With the copy incomplete, the heap holds what had arrived: not the figure the target asks for.
      measured: `${((browser.heapMiB * 2 ** 20) / 1e6).toFixed(1)} MB with ${copy.tasksInCopy.toLocaleString('en')} tasks in the copy`,
      pass: copy.tasksInCopy >= seed.tasks && (browser.heapMiB * 2 ** 20) / 1e6 < HEAP_TARGET_MB,
    },
  );
  for (const profile of browser.profiles) targets.push(...profileTargets(profile, seed));
  return targets;
}

function profileTargets(figures: ProfileFigures, seed: ScaleSeed): Target[] {
  const { profile } = figures;
  const targets: Target[] = VIEWS.map((view) => {
    const value = median(figures.firstContentMs[view]);
    return {
      label: `${profile}, second visit: first ${view} content of the ${seed.bigProjectTasks.toLocaleString('en')}-task project in under ${FIRST_CONTENT_TARGET_MS[profile]} ms (median of ${figures.firstContentMs[view].length})`,
      measured: `${value.toFixed(0)} ms (${figures.firstContentMs[view].map((each) => each.toFixed(0)).join(', ')})`,
      pass: value < FIRST_CONTENT_TARGET_MS[profile],
    };
  });
  for (const [interaction, longest] of Object.entries(figures.longestTaskMs))
    targets.push({
      label: `${profile}, ${interaction}: no main-thread task over ${LONG_TASK_TARGET_MS[profile]} ms`,
      measured: longest === 0 ? 'none reported (none over 50 ms)' : `longest ${longest.toFixed(0)} ms`,
      pass: longest <= LONG_TASK_TARGET_MS[profile],
    });
  for (const failure of figures.failures)
    targets.push({ label: `${profile}: an interaction could be done`, measured: failure, pass: false });
  if (profile === 'desk') {
    const value = median(figures.filterResultMs);
    targets.push({
      label: `desk: a status filter shows its result in under ${FILTER_RESULT_TARGET_MS} ms (median of ${figures.filterResultMs.length})`,
      measured: `${value.toFixed(0)} ms (${figures.filterResultMs.map((each) => each.toFixed(0)).join(', ')})`,
      pass: figures.filterResultMs.length > 0 && value < FILTER_RESULT_TARGET_MS,
    });
  }
  return targets;
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export function formatScaleTable(reports: ScaleReport[]): string {
  const lines = reports.flatMap((report) =>
    [
      ['direct statement (ceiling)', report.direct],
      ['GET /api/tasks?status&assignee&label', report.filtered],
    ].flatMap(([label, run]) => {
      if (!run || typeof run === 'string') return [];
      const s = run.summary;
      const cpu = cpuPerCallMs(run);
      return [
        [
          report.kind,
          label as string,
          String(s.connections),
          s.requestsPerSecond.toFixed(0),
          ms(s.latencyMs.p50),
          ms(s.latencyMs.p99),
          cpu === null ? '' : cpu.toFixed(2),
          run.serverCpu?.machineBusyPercent != null ? `${run.serverCpu.machineBusyPercent.toFixed(0)}%` : '',
          `${s.non2xx}/${s.errors}`,
        ],
      ];
    }),
  );
  const out = renderTable(
    [
      'database',
      'measurement',
      'conn',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU ms/req',
      'machine CPU',
      'non-2xx/err',
    ],
    lines,
    new Set([2, 3, 4, 5, 6, 7, 8]),
  );
  for (const report of reports) {
    out.push(
      '',
      `[${report.kind}] ${report.databaseVersion.slice(0, 40)}; ${report.seed.tasks} tasks (${report.seed.bigProjectTasks} and ${report.seed.secondProjectTasks} in the two big projects), ${report.seed.history} history rows; first start + seed ${report.seedSeconds.toFixed(1)} s`,
    );
    const browser = report.browser;
    if (browser) {
      out.push('', ...browserTable(browser));
      for (const profile of browser.profiles)
        out.push(
          `${profile.profile}: load average ${profile.loadAverage.start.toFixed(2)} -> ${profile.loadAverage.end.toFixed(2)}`,
        );
    }
    out.push('', ...formatTargets(report.kind, report.targets));
  }
  return out.join('\n');
}

function browserTable(browser: BrowserFigures): string[] {
  const interactions = [
    ...new Set(browser.profiles.flatMap((profile) => Object.keys(profile.longestTaskMs))),
  ];
  const header = [
    'profile',
    ...VIEWS.map((view) => `first ${view} ms`),
    ...interactions.map((name) => `${name} (longest ms)`),
  ];
  const lines = browser.profiles.map((profile) => [
    profile.profile,
    ...VIEWS.map((view) => median(profile.firstContentMs[view]).toFixed(0)),
    ...interactions.map((name) =>
      (profile.longestTaskMs[name as keyof ProfileFigures['longestTaskMs']] ?? 0).toFixed(0),
    ),
  ]);
  return renderTable(header, lines, new Set(header.map((_, index) => index).slice(1)));
}
