import { parseArgs } from 'node:util';
import type { Page } from 'puppeteer-core';
import { createMember, MEMBER } from '../auth/member.ts';
import { renderTable } from '../lib/report.ts';
import { startJalonServer, type RunningServer } from '../lib/servers.ts';
import { launchChromium, signedInMobilePage } from './browser.ts';
import { median, SCREENS } from './scenarios.ts';
import { seedWork } from './seed.ts';
import { cpuMs, SLOWDOWN, traceLoad } from './trace-load.ts';

/**
 * Two builds of the web app loaded in turn, as compare-builds does, but measured by the main thread's CPU
 * time rather than by the clock (issue 33). On a loaded host Lighthouse's figures measure the host: its
 * simulation multiplies each task's wall time by the slowdown, and a task that waited for a core counts
 * as work. Here each top-level task of the page's main thread counts its thread time (the trace's
 * `tdur`), times the same 4x, from a Chromium trace of a cold load (cache and service worker cleared,
 * session kept). No network is simulated: the figures say what the page's own script and rendering cost,
 * and how that work is cut into tasks.
 *
 *   npm run compare-cpu -w @jalon/bench -- <dist before> <dist after> [--screens dashboard,me] [--runs 5]
 *
 * Per screen and build, medians of: the CPU time before the largest contentful paint, the blocking time
 * (each task's 4x CPU time past 50 ms, from the first contentful paint on, as Lighthouse's TBT counts it),
 * the number of tasks over 50 ms and the longest.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    screens: { type: 'string', default: 'dashboard,tasks-kanban,me' },
    runs: { type: 'string', default: '5' },
  },
});
const [before, after] = positionals;
if (!before || !after)
  throw new Error('usage: compare-cpu <dist before> <dist after> [--screens a,b] [--runs N]');
const runs = Number(values.runs);
const screens = values.screens.split(',').map((name) => {
  const screen = SCREENS.find((candidate) => candidate.name === name);
  if (!screen || screen.role !== 'member') throw new Error(`--screens: ${name} is not a member screen`);
  return screen;
});

interface CpuRun {
  cpuBeforeLcpMs: number;
  blockingMs: number;
  longTasks: number;
  longestMs: number;
  fcpMs: number;
  lcpMs: number;
}

async function measureLoad(page: Page, url: string): Promise<CpuRun> {
  const { tasks, start, fcp, lcp } = await traceLoad(page, url);
  const afterFcp = tasks.filter((task) => task.ts >= fcp).map(cpuMs);
  const long = afterFcp.filter((ms) => ms > 50);
  return {
    cpuBeforeLcpMs: tasks.filter((task) => task.ts < lcp).reduce((sum, task) => sum + cpuMs(task), 0),
    blockingMs: long.reduce((sum, ms) => sum + ms - 50, 0),
    longTasks: long.length,
    longestMs: Math.max(0, ...afterFcp),
    fcpMs: (fcp - start) / 1000,
    lcpMs: (lcp - start) / 1000,
  };
}

interface Side {
  name: string;
  page: Page;
  baseUrl: string;
  projectId: string;
}

const browser = await launchChromium();
const servers: RunningServer[] = [];
try {
  const sides: Side[] = [];
  for (const [name, dist] of [
    ['before', before],
    ['after', after],
  ] as const) {
    const server = await startJalonServer('pglite', undefined, { env: { WEB_DIST: dist } });
    servers.push(server);
    const projectId = await seedWork(server.baseUrl, await createMember(server.baseUrl, 1));
    const page = await signedInMobilePage(browser, server.baseUrl, MEMBER);
    sides.push({ name, page, baseUrl: server.baseUrl, projectId });
  }
  const results = new Map<string, CpuRun[]>();
  for (const screen of screens)
    for (let run = 0; run < runs; run++)
      for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
        await side.page.bringToFront();
        const result = await measureLoad(side.page, `${side.baseUrl}${screen.path(side.projectId)}`);
        const key = `${screen.name}\t${side.name}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(
          `${screen.name} ${side.name} run ${run + 1}: CPU before LCP ${result.cpuBeforeLcpMs.toFixed(0)} ms, ` +
            `blocking ${result.blockingMs.toFixed(0)} ms in ${result.longTasks} tasks, longest ${result.longestMs.toFixed(0)} ms`,
        );
      }
  const of = (list: CpuRun[], key: keyof CpuRun) => median(list.map((run) => run[key])).toFixed(0);
  console.log(
    [
      '',
      `CPU-accounted (thread time x${SLOWDOWN}), medians of ${runs} cold loads per screen and build:`,
      ...renderTable(
        [
          'screen',
          'build',
          'CPU before LCP ms',
          'blocking ms',
          'tasks > 50 ms',
          'longest ms',
          'FCP ms (wall)',
          'LCP ms (wall)',
        ],
        [...results].map(([key, list]) => [
          ...key.split('\t'),
          of(list, 'cpuBeforeLcpMs'),
          of(list, 'blockingMs'),
          of(list, 'longTasks'),
          of(list, 'longestMs'),
          of(list, 'fcpMs'),
          of(list, 'lcpMs'),
        ]),
        new Set([2, 3, 4, 5, 6, 7]),
      ),
    ].join('\n'),
  );
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
