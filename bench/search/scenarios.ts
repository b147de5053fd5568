import { signInMember } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { sequentialLatency, type SequentialRun } from '../dashboard/sequential.ts';
import { runLoad, type LoadRun } from '../lib/load.ts';
import { formatTargets, logStep as log, ms, renderTable } from '../lib/report.ts';
import { databaseVersionOf, removeDataDir, startJalonServer, type DatabaseKind } from '../lib/servers.ts';
import { seedBeforeStart } from '../lib/sql.ts';
import type { TasksSettings } from '../tasks/scenarios.ts';
import { SEED, seedTasks } from '../tasks/seed.ts';

/**
 * Issue 40's search over the tasks suite's 100,000 tasks and 1,000 projects (its seed: every title is
 * 'Tâche i : préparer le lot i%37', every description names 'la partie i%37 du lot i%11'):
 * - a rare question: one task's number, the last word a prefix (a dozen matches);
 * - a typical one: a part, a lot and a word (a few hundred matches, every word required, the last a
 *   prefix; a number as the prefix would stand for thousands of numbers);
 * - the worst: a word of every description, so 100,000 matches to rank for one page;
 * each sequential on one connection, then the typical one under autocannon (the target).
 */
export interface SearchReport {
  kind: DatabaseKind;
  databaseVersion: string;
  seedSeconds: number;
  sequential: (SequentialRun & { id: QuestionId; matches: string })[];
  load: { label: string; run: LoadRun } | null;
  targets: Target[];
}

const P99_TARGET_MS = 100;
const SEQUENTIAL = { count: 200, warmup: 20 } as const;
const SEQUENTIAL_WORST = { count: 20, warmup: 2 } as const;

type QuestionId = 'rare' | 'typical' | 'worst';
const QUESTIONS: ReadonlyArray<{ id: QuestionId; q: string; matches: string }> = [
  { id: 'rare', q: 'tâche 4242', matches: '11 (4242 and 42420…42429)' },
  { id: 'typical', q: 'partie 17 lot 5 réunion', matches: 'a few hundred' },
  { id: 'worst', q: 'réunion', matches: `${SEED.tasks.toLocaleString('en')} (every task)` },
];
const pathOf = (q: string) => `/api/search?q=${encodeURIComponent(q)}&limit=20`;

export async function measureSearch(
  kind: DatabaseKind,
  settings: TasksSettings,
  databaseUrl?: string,
): Promise<SearchReport> {
  log(`[${kind}] seeding ${SEED.tasks} tasks in ${SEED.projects} projects (the tasks suite's seed)`);
  const seedStarted = Date.now();
  const seeded = await seedBeforeStart(kind, databaseUrl, async (query, ids) => {
    await seedTasks(query, ids);
    // As autovacuum would leave them by the time a team has this many tasks: the planner's statistics, and
    // the GIN indexes' pending lists merged (rows inserted in bulk wait there, and every search reads the
    // list from end to end: half the index scan's time here until the next vacuum).
    await query('vacuum analyze tasks');
    await query('vacuum analyze projects');
  });
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const sequential: SearchReport['sequential'] = [];
  let load: SearchReport['load'] = null;
  let databaseVersion = 'unknown';
  try {
    log(`[${kind}] starting the Jalon server on the seeded database`);
    const server = await startJalonServer(kind, databaseUrl, { dataDir: seeded.dataDir });
    try {
      databaseVersion = await databaseVersionOf(server.baseUrl);
      const member = await signInMember(server.baseUrl);
      await checkAnswers(server.baseUrl, member.headers);
      for (const { id, q, matches } of QUESTIONS) {
        const counts = id === 'worst' ? SEQUENTIAL_WORST : SEQUENTIAL;
        log(`[${kind}] sequential: ${counts.warmup} + ${counts.count} × search '${q}', one connection`);
        sequential.push({
          id,
          matches,
          ...(await sequentialLatency(server.baseUrl, pathOf(q), member.headers, {
            title: `GET /api/search?q=${q}`,
            ...counts,
            serverPid: server.pid,
          })),
        });
      }
      const typical = QUESTIONS.find((question) => question.id === 'typical')!;
      const label = `GET /api/search?q=${typical.q}`;
      log(`[${kind}] autocannon ${settings.connections} connections: ${label}`);
      load = {
        label,
        run: await runLoad(
          {
            title: label,
            url: `${server.baseUrl}${pathOf(typical.q)}`,
            headers: member.headers,
            connections: settings.connections,
            warmupSeconds: settings.warmupSeconds,
            durationSeconds: settings.durationSeconds,
          },
          server.pid,
        ),
      };
    } finally {
      await server.stop();
    }
  } finally {
    await removeDataDir(seeded.dataDir);
  }

  const targets: Target[] = [];
  if (load) {
    const s = load.run.summary;
    targets.push({
      label: `search p99 < ${P99_TARGET_MS} ms at ${s.connections} connections (${load.label}, 100,000 tasks)`,
      measured: `p99 ${ms(s.latencyMs.p99)} ms, p50 ${ms(s.latencyMs.p50)} ms, ${s.non2xx} non-2xx, ${s.errors} errors`,
      pass: s.latencyMs.p99 < P99_TARGET_MS && s.non2xx === 0 && s.errors === 0,
    });
  }
  return { kind, databaseVersion, seedSeconds, sequential, load, targets };
}

/** Each question must find what the seed implies before it is timed: a load of empty pages measures nothing. */
async function checkAnswers(baseUrl: string, headers: Record<string, string>): Promise<void> {
  for (const { id, q } of QUESTIONS) {
    const response = await fetch(`${baseUrl}${pathOf(q)}`, { headers, signal: AbortSignal.timeout(60_000) });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`search '${q}' answered ${response.status}: ${text.slice(0, 300)}`);
    const page = (JSON.parse(text) as { data: { items: Array<{ title: string }>; next: string | null } })
      .data;
    if (page.items.length === 0) throw new Error(`search '${q}' found nothing`);
    if (id === 'rare' && !page.items.some((item) => item.title.startsWith('Tâche 4242 ')))
      throw new Error(`search '${q}' misses task 4242: ${page.items.map((item) => item.title).join(', ')}`);
    if (id !== 'rare' && page.next === null) throw new Error(`search '${q}' has a single page`);
  }
}

/** The readable tables printed at the end of the search suite. */
export function formatSearchTable(reports: SearchReport[]): string {
  const out: string[] = [
    'Latency without load (one connection, one request at a time, nearest-rank percentiles):',
    '',
  ];
  const seqLines: string[][] = [];
  for (const report of reports)
    for (const run of report.sequential) {
      const l = run.latencyMs;
      seqLines.push([
        report.kind,
        run.title,
        run.matches,
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
  out.push(
    ...renderTable(
      [
        'database',
        'measurement',
        'matches',
        'requests',
        'p50 ms',
        'p99 ms',
        'max ms',
        'CPU ms/req main+other',
        'body',
      ],
      seqLines,
      new Set([3, 4, 5, 6, 8]),
    ),
  );
  out.push('', 'Under load (autocannon, 1 ms histogram):', '');
  const lines: string[][] = [];
  for (const report of reports) {
    if (!report.load) continue;
    const s = report.load.run.summary;
    const cpu = report.load.run.serverCpu;
    lines.push([
      report.kind,
      report.load.label,
      String(s.connections),
      s.requestsPerSecond < 100 ? s.requestsPerSecond.toFixed(1) : s.requestsPerSecond.toFixed(0),
      ms(s.latencyMs.p50),
      ms(s.latencyMs.p99),
      cpu ? `${cpu.mainThreadPercent.toFixed(0)}% + ${cpu.otherThreadsPercent.toFixed(0)}%` : '',
      cpu?.machineBusyPercent != null ? `${cpu.machineBusyPercent.toFixed(0)}%` : '',
      `${s.non2xx}/${s.errors}`,
    ]);
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
        'machine CPU',
        'non-2xx/err',
      ],
      lines,
      new Set([2, 3, 4, 5, 6, 7, 8]),
    ),
  );
  for (const report of reports) {
    out.push(
      `[${report.kind}] ${report.databaseVersion.slice(0, 40)}; first start + seed + vacuum ${report.seedSeconds.toFixed(1)} s`,
    );
    out.push(...formatTargets(report.kind, report.targets));
  }
  return out.join('\n');
}
