import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { createMember, MEMBER } from '../auth/member.ts';
import type { Target } from '../auth/scenarios.ts';
import { buildWeb } from '../bundle/scenarios.ts';
import { formatTargets, logStep as log, renderTable } from '../lib/report.ts';
import { startJalonServer, type DatabaseKind, type RunningServer } from '../lib/servers.ts';
import {
  auditOnce,
  launchChromium,
  LighthouseRuntimeError,
  signInThroughForm,
  type AuditRun,
  type Credentials,
} from './browser.ts';
import { enrolAdmin, seedWork } from './seed.ts';

/**
 * Issue 17's Lighthouse figures: every screen of the built web app (`npm run build`), served by the real
 * server on PGlite, audited with Lighthouse's mobile profile while signed in, `runs` times each (3 by
 * default); the median of each figure is reported. Target on each screen: performance 95 or more and a
 * cumulative layout shift of 0.
 */
export interface ScreenReport {
  screen: string;
  path: string;
  role: 'visitor' | 'member' | 'admin';
  runs: AuditRun[];
  median: Omit<AuditRun, 'warnings'>;
  pass: boolean;
}

export interface LighthouseReport {
  kind: DatabaseKind;
  build: { ran: boolean; seconds: number };
  runsPerScreen: number;
  screens: ScreenReport[];
  targets: Target[];
}

export interface LighthouseOptions {
  build: boolean;
  runs: number;
  /** Only these screens (names as in SCREENS), for a quick check of one screen; every screen when empty. */
  only: string[];
}

// Issue 33 restates the budget with React as the renderer: 90 on every screen (issue 17 had asked 95).
const SCORE_TARGET = 90;

interface Screen {
  name: string;
  role: ScreenReport['role'];
  path: (projectId: string) => string;
}

export const SCREENS: Screen[] = [
  { name: 'login', role: 'visitor', path: () => '/login' },
  { name: 'dashboard', role: 'member', path: () => '/dashboard' },
  { name: 'projects', role: 'member', path: () => '/projects' },
  { name: 'project', role: 'member', path: (id) => `/projects/${id}` },
  { name: 'tasks-list', role: 'member', path: () => '/tasks?view=list' },
  { name: 'tasks-kanban', role: 'member', path: () => '/tasks?view=kanban' },
  { name: 'tasks-calendar', role: 'member', path: () => '/tasks?view=calendar' },
  { name: 'security', role: 'member', path: () => '/security' },
  { name: 'me', role: 'member', path: () => '/me' },
  { name: 'activity', role: 'member', path: () => '/activity' },
  { name: 'sync', role: 'member', path: () => '/sync' },
  { name: 'shortcuts', role: 'member', path: () => '/shortcuts' },
  { name: 'admin-members', role: 'admin', path: () => '/admin/members' },
];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function summarise(screen: Screen, path: string, runs: AuditRun[]): ScreenReport {
  const of = (key: keyof Omit<AuditRun, 'warnings'>) => median(runs.map((run) => run[key]));
  const figures = {
    score: of('score'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    benchmarkIndex: of('benchmarkIndex'),
  };
  return {
    screen: screen.name,
    path,
    role: screen.role,
    runs,
    median: figures,
    pass: figures.score >= SCORE_TARGET && figures.cls === 0,
  };
}

/** Where and how often the screens are audited. */
interface AuditPlan {
  baseUrl: string;
  projectId: string;
  runs: number;
  /** Every run's full Lighthouse report goes here, `<screen>-<run>.report.json`. */
  reportsDir: string;
}

/** One audit, run again once when Lighthouse itself failed to record it (it happens on a loaded machine). */
export async function auditWithRetry(
  page: Page,
  url: string,
  reportFile: string,
  cpuSlowdown?: number,
): Promise<AuditRun> {
  try {
    return await auditOnce(page, url, reportFile, cpuSlowdown);
  } catch (error) {
    if (!(error instanceof LighthouseRuntimeError)) throw error;
    log(`  ${error.message}; running it again`);
    return auditOnce(page, url, reportFile, cpuSlowdown);
  }
}

/** The server, given a second chance to start: on a saturated machine its first start can exceed a minute. */
async function startServer(kind: DatabaseKind, databaseUrl: string | undefined): Promise<RunningServer> {
  try {
    return await startJalonServer(kind, databaseUrl);
  } catch (error) {
    log(
      `[${kind}] ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; starting it again`,
    );
    return startJalonServer(kind, databaseUrl);
  }
}

/** Audits `screens` in one browser, signed in as `who` (or signed out for the visitor's screens). */
async function auditScreens(
  plan: AuditPlan,
  screens: Screen[],
  who: Credentials | null,
): Promise<ScreenReport[]> {
  if (screens.length === 0) return [];
  const browser: Browser = await launchChromium();
  try {
    const page = await browser.newPage();
    if (who) await signInThroughForm(page, plan.baseUrl, who);
    const reports: ScreenReport[] = [];
    for (const screen of screens) {
      const path = screen.path(plan.projectId);
      const results: AuditRun[] = [];
      for (let run = 1; run <= plan.runs; run++) {
        const result = await auditWithRetry(
          page,
          `${plan.baseUrl}${path}`,
          join(plan.reportsDir, `${screen.name}-${run}.report.json`),
        );
        log(
          `  ${screen.name} run ${run}: ${result.score}, LCP ${result.lcpMs.toFixed(0)} ms, TBT ${result.tbtMs.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}`,
        );
        results.push(result);
      }
      reports.push(summarise(screen, path, results));
    }
    return reports;
  } finally {
    await browser.close();
  }
}

export async function measureLighthouse(
  kind: DatabaseKind,
  options: LighthouseOptions,
  databaseUrl?: string,
): Promise<LighthouseReport> {
  let buildSeconds = 0;
  if (options.build) {
    log('building the web app: npm run build -w @jalon/web');
    buildSeconds = await buildWeb();
  } else log('auditing the existing build in apps/web/dist (--build false)');

  const unknown = options.only.filter((name) => !SCREENS.some((screen) => screen.name === name));
  if (unknown.length > 0)
    throw new Error(`--screens: unknown ${unknown.join(', ')} (${SCREENS.map((s) => s.name).join(', ')})`);
  const chosen = SCREENS.filter((screen) => options.only.length === 0 || options.only.includes(screen.name));
  const of = (role: Screen['role']) => chosen.filter((screen) => screen.role === role);

  log(`[${kind}] starting the Jalon server (serves apps/web/dist)`);
  const server = await startServer(kind, databaseUrl);
  try {
    const member = await createMember(server.baseUrl, 1);
    const projectId = await seedWork(server.baseUrl, member);
    const admin = of('admin').length > 0 ? await enrolAdmin(server.baseUrl) : null;
    const reportsDir = fileURLToPath(
      new URL(
        `../results/lighthouse-reports-${new Date().toISOString().replace(/[:.]/g, '-')}/`,
        import.meta.url,
      ),
    );
    await mkdir(reportsDir, { recursive: true });
    log(
      `[${kind}] Lighthouse, mobile profile, ${options.runs} run(s) per screen; full reports in ${reportsDir}`,
    );
    const plan: AuditPlan = { baseUrl: server.baseUrl, projectId, runs: options.runs, reportsDir };
    const screens = [
      ...(await auditScreens(plan, of('visitor'), null)),
      ...(await auditScreens(plan, of('member'), MEMBER)),
      ...(admin ? await auditScreens(plan, of('admin'), { ...admin, backupCode: admin.backupCodes[0] }) : []),
    ];
    return {
      kind,
      build: { ran: options.build, seconds: buildSeconds },
      runsPerScreen: options.runs,
      screens,
      targets: screens.map((screen) => ({
        label: `${screen.path}: performance >= ${SCORE_TARGET} and CLS 0 (median of ${options.runs})`,
        measured: `${screen.median.score}, CLS ${screen.median.cls.toFixed(3)}`,
        pass: screen.pass,
      })),
    };
  } finally {
    await server.stop();
  }
}

/** The table printed at the end of the lighthouse suite. */
export function formatLighthouseTable(reports: LighthouseReport[]): string {
  const out: string[] = [];
  for (const report of reports) {
    out.push(
      `Lighthouse mobile profile, median of ${report.runsPerScreen} run(s) per screen ` +
        `(each figure's own median); benchmark index = Lighthouse's CPU measure of this machine:`,
      '',
      ...renderTable(
        [
          'screen',
          'path',
          'as',
          'score',
          'FCP ms',
          'LCP ms',
          'TBT ms',
          'CLS',
          'bench idx',
          'scores of the runs',
          'target',
        ],
        report.screens.map((screen) => [
          screen.screen,
          screen.path,
          screen.role,
          String(screen.median.score),
          screen.median.fcpMs.toFixed(0),
          screen.median.lcpMs.toFixed(0),
          screen.median.tbtMs.toFixed(0),
          screen.median.cls.toFixed(3),
          screen.median.benchmarkIndex.toFixed(0),
          screen.runs.map((run) => run.score).join(' '),
          screen.pass ? 'PASS' : 'FAIL',
        ]),
        new Set([3, 4, 5, 6, 7, 8]),
      ),
      '',
      ...formatTargets(report.kind, report.targets),
    );
  }
  return out.join('\n');
}
