/// <reference lib="dom" />
import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import type { Target } from '../auth/scenarios.ts';
import { MEMBER } from '../auth/member.ts';
import { CHROMIUM } from '../bundle/browser.ts';
import { descendantsCpuMs } from '../lib/children.ts';
import { benchDatabaseUrl, createBenchDatabase, dropBenchDatabase } from '../lib/postgres.ts';
import { formatTargets, logStep as log, renderTable } from '../lib/report.ts';
import { seedBeforeStart } from '../lib/sql.ts';
import { removeDataDir, startJalonServer, type DatabaseKind, type RunningServer } from '../lib/servers.ts';
import { BIG_PROJECT_ID, seedTasks, type SeedShape } from '../tasks/seed.ts';
import {
  PLANKA_ADMIN,
  plankaServerDir,
  plankaToken,
  seedPlankaBoard,
  startPlanka,
  type PlankaCard,
} from './planka.ts';

/**
 * Issue 40's peer comparison: the same board of 4,000 cards over four columns in Jalon and in Planka, both
 * on the machine's PostgreSQL, opened in the same Chromium (desk size), visits of the two interleaved.
 * Measured from the navigation's start (the page's own clock, `performance.now()`) to:
 * - Planka (it renders every card): all 4,000 card elements in the DOM, each with its text;
 * - Jalon (each column is virtualised): the four columns with their counts (summing to 4,000) and each
 *   column's first card shown, then the longest column scrolled to its end until its last card is shown.
 * One visit of each first (sign-in done, caches and Jalon's device copy filled), then RUNS measured visits;
 * target: Jalon's median at least 10x quicker. The CPU the browser and the app's server spent per visit
 * (PostgreSQL's own not counted, for either) is printed beside.
 */
export interface PeerVisit {
  /** Navigation start to every card there (Planka) or to the last card of the longest column (Jalon). */
  ms: number;
  /** Jalon only: navigation start to the four columns counted and their first cards shown. */
  boardMs?: number;
  /** CPU of the browser and of the app's server during the visit, in ms. */
  cpuMs: number | null;
}

export interface PeerReport {
  kind: DatabaseKind;
  cards: number;
  jalon: { first: PeerVisit; visits: PeerVisit[] };
  planka: { first: PeerVisit; visits: PeerVisit[]; seedSeconds: number };
  targets: Target[];
}

const RUNS = 5;
const CARDS = 4_000;
const SPEEDUP_TARGET = 10;
const COLUMNS = ['À faire', 'En cours', 'En revue', 'Terminée'] as const;
const PROJECT_NAME = 'Projet de 4 000 tâches';
const VISIT_TIMEOUT_MS = Number(process.env.BENCH_VISIT_MS ?? 600_000);
/** A database of its own on the same PostgreSQL server as Jalon's. */
const PLANKA_DATABASE = 'planka_bench';

/** One project holding all the tasks: the tasks suite's seed, in another shape. */
const SHAPE: SeedShape = { projects: 1, tasks: CARDS, bigProjectTasks: CARDS, bigProjectName: PROJECT_NAME };

/**
 * Planka's cards as Jalon's seed writes its tasks (bench/tasks/seed.ts): the same titles, descriptions,
 * due dates and column (status `1 + i % 4`).
 */
const plankaCards = (): PlankaCard[] =>
  Array.from({ length: CARDS }, (_, index) => {
    const i = index + 1;
    return {
      list: i % 4,
      name: `Tâche ${i} : préparer le lot ${i % 37}`,
      description: `Préparer, relire et livrer la partie ${i % 37} du lot ${i % 11}, avec les notes de la réunion de suivi.`,
      dueDate: i % 5 === 0 ? null : new Date(Date.now() + ((i % 120) - 30) * 86_400_000).toISOString(),
    };
  });

/**
 * Jalon's board, in the page: polled every frame until the four columns' counts sum to `total` with each
 * column's first card shown; then the longest column's scroller is pushed to its end every frame until
 * its last card is there (the rows are measured as they mount, so the end moves while it scrolls).
 * No named function inside: tsx would wrap it in a helper the page does not have.
 */
const JALON_BOARD_SHOWN = async (total: number) => {
  let columns: { element: Element; count: number }[] = [];
  for (;;) {
    columns = Array.from(document.querySelectorAll('.kanban > .kanban__column'), (element) => ({
      element,
      count: Number(
        (element.querySelector('h2')?.textContent ?? '').match(/\((\d+) tâche/)?.[1] ?? Number.NaN,
      ),
    }));
    const sum = columns.reduce((all, column) => all + column.count, 0);
    if (
      columns.length === 4 &&
      sum === total &&
      columns.every((column) => column.element.querySelector('li article'))
    )
      break;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  const boardMs = performance.now();
  const longest = columns.reduce((best, column) => (column.count > best.count ? column : best));
  const scroller = longest.element.querySelector('.virtual-list');
  while (!longest.element.querySelector(`li[aria-posinset="${longest.count}"] article`)) {
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return { boardMs, ms: performance.now() };
};

/** Planka's board, in the page: polled every frame until `total` cards are in the DOM, none empty. */
const PLANKA_BOARD_SHOWN = async (total: number) => {
  for (;;) {
    const cards = document.querySelectorAll('[data-rbd-draggable-id^="card:"]');
    if (cards.length === total && Array.from(cards).every((card) => (card.textContent ?? '').trim() !== ''))
      break;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  return { ms: performance.now() };
};

/** One visit: navigation to `url`, then `shown` in the new document; the browser's and servers' CPU meanwhile. */
async function visit(
  page: Page,
  url: string,
  shown: (total: number) => Promise<{ ms: number; boardMs?: number }>,
): Promise<PeerVisit> {
  const cpuBefore = descendantsCpuMs(process.pid);
  await page.goto(url, { waitUntil: 'commit', timeout: VISIT_TIMEOUT_MS });
  // page.evaluate has no timeout of its own: a board that never shows fails the visit with what it shows.
  const timeout = new AbortController();
  const result = await Promise.race([
    page.evaluate(shown, CARDS),
    sleep(VISIT_TIMEOUT_MS, undefined, { signal: timeout.signal }).then(async () => {
      const text = await page.evaluate(() => document.body.innerText.slice(0, 600)).catch(() => '');
      throw new Error(`${url}: not all cards shown after ${VISIT_TIMEOUT_MS} ms; the page said: ${text}`);
    }),
  ]).finally(() => timeout.abort());
  const cpuAfter = descendantsCpuMs(process.pid);
  return {
    ms: Math.round(result.ms),
    ...(result.boardMs === undefined ? {} : { boardMs: Math.round(result.boardMs) }),
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

async function signInJalon(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Adresse e-mail').fill(MEMBER.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(MEMBER.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

/** Planka's sign-in form (its field names: the labels follow the language), then its projects screen. */
async function signInPlanka(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.locator('input[name="emailOrUsername"]').fill(PLANKA_ADMIN.email);
  await page.locator('input[name="password"]').fill(PLANKA_ADMIN.password);
  await page.locator('input[name="password"]').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const cpuMedian = (visits: PeerVisit[]) => {
  const known = visits.map((one) => one.cpuMs).filter((cpu): cpu is number => cpu !== null);
  return known.length === visits.length ? median(known) : null;
};

export async function measurePeer(
  kind: DatabaseKind,
  databaseUrl: string | undefined,
  options: { plankaDir: string | undefined },
): Promise<PeerReport> {
  const serverDir = plankaServerDir(options.plankaDir);
  log(`[${kind}] seeding ${CARDS} tasks in one project (server started once to migrate)`);
  const seeded = await seedBeforeStart(kind, databaseUrl, (query, ids) => seedTasks(query, ids, SHAPE));
  let jalon: RunningServer | undefined;
  let planka: RunningServer | undefined;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ ...CHROMIUM, headless: true });
  try {
    jalon = await startJalonServer(kind, databaseUrl, { dataDir: seeded.dataDir });
    createBenchDatabase(PLANKA_DATABASE);
    const plankaDatabase = benchDatabaseUrl(PLANKA_DATABASE);
    planka = await startPlanka(serverDir, plankaDatabase);
    log(`[planka] seeding ${CARDS} cards over ${COLUMNS.length} lists (REST API, then SQL)`);
    const seedStarted = Date.now();
    const boardId = await seedPlankaBoard(planka.baseUrl, plankaDatabase, await plankaToken(planka.baseUrl), {
      project: PROJECT_NAME,
      name: 'Tableau',
      lists: COLUMNS,
      cards: plankaCards(),
    });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    log(`[planka] seeded in ${seedSeconds.toFixed(0)} s`);

    // Planka's page is 7 MB of JavaScript and its board took minutes to show on the shared host.
    const deskContext = async () => {
      const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
      context.setDefaultTimeout(VISIT_TIMEOUT_MS);
      return context;
    };
    const jalonPage = await signInJalon(await deskContext(), jalon.baseUrl);
    const plankaPage = await signInPlanka(await deskContext(), planka.baseUrl);
    const jalonUrl = `${jalon.baseUrl}/projects/${BIG_PROJECT_ID}?view=kanban`;
    const plankaUrl = `${planka.baseUrl}/boards/${boardId}`;
    const jalonVisits: PeerVisit[] = [];
    const plankaVisits: PeerVisit[] = [];
    // Interleaved, so that the neighbours' load falls on both alike; visit 0 of each is the first.
    for (let run = 0; run <= RUNS; run++) {
      jalonVisits.push(await visit(jalonPage, jalonUrl, JALON_BOARD_SHOWN));
      plankaVisits.push(await visit(plankaPage, plankaUrl, PLANKA_BOARD_SHOWN));
      const [j, p] = [jalonVisits.at(-1)!, plankaVisits.at(-1)!];
      log(
        `visit ${run}: Jalon ${j.boardMs} ms board, ${j.ms} ms last card (CPU ${j.cpuMs} ms); Planka ${p.ms} ms (CPU ${p.cpuMs} ms)`,
      );
    }
    const [jalonFirst, ...jalonMeasured] = jalonVisits;
    const [plankaFirst, ...plankaMeasured] = plankaVisits;
    const jalonMs = median(jalonMeasured.map((one) => one.ms));
    const plankaMs = median(plankaMeasured.map((one) => one.ms));
    const jalonCpu = cpuMedian(jalonMeasured);
    const plankaCpu = cpuMedian(plankaMeasured);
    const speedup = plankaMs / jalonMs;
    return {
      kind,
      cards: CARDS,
      jalon: { first: jalonFirst!, visits: jalonMeasured },
      planka: { first: plankaFirst!, visits: plankaMeasured, seedSeconds },
      targets: [
        {
          label: `a board of ${CARDS} cards, all shown (Jalon: to the last card of the longest column), at least ${SPEEDUP_TARGET}x quicker than Planka (median of ${RUNS})`,
          measured: `${speedup.toFixed(1)}x (${jalonMs} ms vs ${plankaMs} ms; by CPU ${
            jalonCpu && plankaCpu
              ? `${(plankaCpu / jalonCpu).toFixed(1)}x, ${jalonCpu} vs ${plankaCpu} ms`
              : 'unknown'
          })`,
          pass: speedup >= SPEEDUP_TARGET,
        },
      ],
    };
  } finally {
    await browser.close();
    await jalon?.stop();
    await planka?.stop();
    dropBenchDatabase(PLANKA_DATABASE);
    await removeDataDir(seeded.dataDir);
  }
}

export function formatPeerTable(reports: PeerReport[]): string {
  const cpu = (value: number | null) => (value === null ? '-' : String(value));
  const lines = reports.flatMap((report) => {
    const jalonBoard = report.jalon.visits.map((one) => one.boardMs ?? 0);
    return [
      [
        'Jalon',
        `${report.jalon.first.boardMs} / ${report.jalon.first.ms}`,
        `${median(jalonBoard)} / ${median(report.jalon.visits.map((one) => one.ms))}`,
        String(Math.max(...report.jalon.visits.map((one) => one.ms))),
        cpu(cpuMedian(report.jalon.visits)),
      ],
      [
        'Planka',
        String(report.planka.first.ms),
        String(median(report.planka.visits.map((one) => one.ms))),
        String(Math.max(...report.planka.visits.map((one) => one.ms))),
        cpu(cpuMedian(report.planka.visits)),
      ],
    ];
  });
  return [
    ...renderTable(
      [
        'product',
        'first visit ms',
        `median of ${RUNS} ms (Jalon: board / last card)`,
        'max ms',
        'browser + server CPU ms (median)',
      ],
      lines,
      new Set([1, 2, 3, 4]),
    ),
    '',
    ...reports.map(
      (report) => `Planka's board seeded (REST API, then SQL) in ${report.planka.seedSeconds.toFixed(1)} s`,
    ),
    ...reports.flatMap((report) => formatTargets(report.kind, report.targets)),
  ].join('\n');
}
