import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'puppeteer-core';
import { createMember, MEMBER } from '../auth/member.ts';
import { renderTable } from '../lib/report.ts';
import { startJalonServer, type RunningServer } from '../lib/servers.ts';
import { launchChromium, signInThroughForm, type AuditRun } from './browser.ts';
import { auditWithRetry, median, SCREENS } from './scenarios.ts';
import { seedWork } from './seed.ts';

/**
 * Two builds of the web app audited in turn on the same host (issue 17). On a shared machine a full run
 * says little against one taken hours before (the simulated 4x slowdown multiplies what the host took),
 * but two builds audited run after run, alternating which goes first, see the same load. Each build is
 * served by its own Jalon server on PGlite (`WEB_DIST`), each with the same member, signed in through
 * the form; medians of each figure, every run's score beside them. Member screens, and /login audited
 * signed out (in a browser context of its own, so the member's session does not send it to /dashboard).
 *
 *   npm run compare-builds -w @jalon/bench -- <dist before> <dist after> [--screens me,dashboard] [--runs 5]
 *     [--cpu-slowdown 6]
 *
 * A build to compare with: `git worktree add /tmp/before <commit>`, link node_modules into it (the root's and
 * apps/web's), then `npm run build` in its apps/web.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    screens: { type: 'string', default: 'shortcuts,me,dashboard,tasks-list' },
    runs: { type: 'string', default: '5' },
    // The profile's 4x unless given: 6 stands for a host about 1.5 times slower than this one.
    'cpu-slowdown': { type: 'string' },
  },
});
const [before, after] = positionals;
if (!before || !after)
  throw new Error(
    'usage: compare-builds <dist before> <dist after> [--screens a,b] [--runs N] [--cpu-slowdown N]',
  );
const runs = Number(values.runs);
const cpuSlowdown = values['cpu-slowdown'] === undefined ? undefined : Number(values['cpu-slowdown']);
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1))
  throw new Error(`--cpu-slowdown: ${values['cpu-slowdown']} is not a multiplier of 1 or more`);
const screens = values.screens.split(',').map((name) => {
  const screen = SCREENS.find((candidate) => candidate.name === name);
  if (!screen || screen.role === 'admin')
    throw new Error(`--screens: ${name} is not a member or visitor screen`);
  return screen;
});

interface Side {
  name: string;
  server: RunningServer;
  page: Page;
  visitorPage: Page;
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
    const page = await browser.newPage();
    await signInThroughForm(page, server.baseUrl, MEMBER);
    const visitorPage = await (await browser.createBrowserContext()).newPage();
    sides.push({ name, server, page, visitorPage, projectId });
  }
  const results = new Map<string, AuditRun[]>();
  for (const screen of screens)
    for (let run = 0; run < runs; run++)
      for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
        // Lighthouse needs its page in front: the other build's page would otherwise be the one painted.
        const page = screen.role === 'visitor' ? side.visitorPage : side.page;
        await page.bringToFront();
        const url = `${side.server.baseUrl}${screen.path(side.projectId)}`;
        const result = await auditWithRetry(
          page,
          url,
          join(tmpdir(), `jalon-compare-${side.name}.json`),
          cpuSlowdown,
        );
        const key = `${screen.name}\t${side.name}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(
          `${screen.name} ${side.name} run ${run + 1}: ${result.score}, LCP ${result.lcpMs.toFixed(0)} ms`,
        );
      }
  const of = (list: AuditRun[], key: 'score' | 'fcpMs' | 'lcpMs' | 'tbtMs' | 'benchmarkIndex') =>
    median(list.map((run) => run[key])).toFixed(0);
  console.log(
    [
      '',
      ...renderTable(
        [
          'screen',
          'build',
          'score',
          'FCP ms',
          'LCP ms',
          'TBT ms',
          'CLS max',
          'bench idx',
          'scores of the runs',
        ],
        [...results].map(([key, list]) => [
          ...key.split('\t'),
          of(list, 'score'),
          of(list, 'fcpMs'),
          of(list, 'lcpMs'),
          of(list, 'tbtMs'),
          // The target is 0 on every run: the largest shift seen, not the median.
          Math.max(...list.map((run) => run.cls)).toFixed(3),
          of(list, 'benchmarkIndex'),
          list.map((run) => run.score).join(' '),
        ]),
        new Set([2, 3, 4, 5, 6, 7]),
      ),
    ].join('\n'),
  );
} finally {
  await browser.close();
  for (const server of servers) await server.stop();
}
