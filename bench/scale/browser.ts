/// <reference lib="dom" />
import os from 'node:os';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Member } from '../auth/member.ts';
import { MEMBER } from '../auth/member.ts';
import { CHROMIUM } from '../bundle/browser.ts';
import { moveFirstTodoCard } from '../lib/kanban-move.ts';
import { logStep as log } from '../lib/report.ts';
import { BIG_PROJECT, FILTERED, scaleTaskId, type ScaleSeed } from './seed.ts';

/**
 * Issue 40 in Chromium on the built web app, signed in as the bench member, on the seeded server: the
 * device copy's first full pull and a later one, the tab's heap with the copy loaded, then for each
 * profile (desk: 1440 x 900; phone: 360 x 800 with touch and Lighthouse's 4x CPU slowdown) the first
 * content of the 10,000-task project in each view on a second visit, and the longest main-thread task of
 * each interaction (the browser's `longtask` entries, which it reports from 50 ms on).
 */
export type Profile = 'desk' | 'phone';
export type View = 'list' | 'kanban' | 'calendar';
export const VIEWS: readonly View[] = ['list', 'kanban', 'calendar'];
export type Interaction = 'scroll' | 'switch views' | 'filter' | 'sort' | 'move a card';

export interface DeviceCopy {
  /** Tasks in IndexedDB when the wait ended (all of them, unless the full pull outlasted its limit). */
  tasksInCopy: number;
  /** From the first visit's navigation until IndexedDB holds every task (or the limit). */
  fullPullSeconds: number;
  /** /api/sync/changes during the full pull: bytes on the wire (encoded) and requests (pages). */
  fullPullBytes: number;
  fullPullPages: number;
  /** navigator.storage.estimate().usage once the copy is complete. */
  storageBytes: number;
  /** After one task changed on the server: what the next pulls brought, and when it was on the device. */
  delta: { bytes: number; pages: number; seconds: number } | null;
}

export interface ProfileFigures {
  profile: Profile;
  /** Navigation to the first row / card / calendar entry, per view, each visit (ms). */
  firstContentMs: Record<View, number[]>;
  /** The longest main-thread task during each interaction (0: none reported, so none over 50 ms). */
  longestTaskMs: Partial<Record<`${View} ${Interaction}` | Interaction, number>>;
  /** A status filter's change to its result on screen (ms), each try. */
  filterResultMs: number[];
  /** Interactions that could not be done, with why. */
  failures: string[];
  loadAverage: { start: number; end: number };
}

export interface BrowserFigures {
  firstVisitMs: number;
  copy: DeviceCopy;
  heapMiB: number;
  profiles: ProfileFigures[];
}

const VISITS = 3;
const FILTER_TRIES = 3;
const FIRST_CONTENT = '.task-table__row--body, .kanban-card, .calendar__task, .agenda__task';
const TIMEOUT_MS = 300_000;
/** How long the first full pull may take before the run gives up on the copy (and what needs it). */
const FULL_PULL_LIMIT_MS = 600_000;

interface PageProbe {
  longTasks: number[];
  firstContent: number | null;
}
declare global {
  interface Window {
    scaleProbe: PageProbe;
  }
}

/** In every document, before its scripts: long tasks as reported, and when the first content appeared. */
function installProbe(selector: string) {
  const probe: PageProbe = { longTasks: [], firstContent: null };
  window.scaleProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (probe.firstContent !== null || !document.querySelector(selector)) return;
    observer.disconnect();
    // The frame that paints it.
    requestAnimationFrame(() => (probe.firstContent = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true });
}

const tasksUrl = (baseUrl: string, view: View) => `${baseUrl}/tasks?project=${BIG_PROJECT}&view=${view}`;

/** The longest task while `action` runs (and 300 ms after, for what it set off). */
async function longestDuring(page: Page, action: () => Promise<unknown>): Promise<number> {
  await page.evaluate(() => void (window.scaleProbe.longTasks.length = 0));
  await action();
  await page.waitForTimeout(300);
  return page.evaluate(() => Math.max(0, ...window.scaleProbe.longTasks));
}

async function firstContentAfter(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.scaleProbe?.firstContent != null, undefined, {
    timeout: TIMEOUT_MS,
    polling: 50,
  });
  return page.evaluate(() => window.scaleProbe.firstContent ?? 0);
}

/** Tasks in this person's IndexedDB copy (`jalon:<userId>`, store `tasks`; apps/web/src/offline). */
const countCopy = (page: Page, userId: string) =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open(name);
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('tasks')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('tasks').objectStore('tasks').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => resolve(0);
        };
      }),
    `jalon:${userId}`,
  );

/** A task's title in the copy, to see a later pull land. */
const titleInCopy = (page: Page, userId: string, taskId: string) =>
  page.evaluate(
    ([name, id]) =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open(name!);
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('tasks').objectStore('tasks').get(id!);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { title?: string } | undefined)?.title ?? null);
          };
          get.onerror = () => resolve(null);
        };
      }),
    [`jalon:${userId}`, taskId],
  );

/** Bytes on the wire and requests of /api/sync/changes, counted from the DevTools protocol. */
function countPulls(cdp: CDPSession) {
  const pulls = new Set<string>();
  const totals = { bytes: 0, pages: 0 };
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.includes('/api/sync/changes')) pulls.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (!pulls.delete(event.requestId)) return;
    totals.bytes += event.encodedDataLength;
    totals.pages += 1;
  });
  return {
    take: () => {
      const taken = { ...totals };
      totals.bytes = 0;
      totals.pages = 0;
      return taken;
    },
  };
}

/** Reads until `done` or `limitMs`; answers the last value read. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs: number): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Scrolls the page, then each kanban column, from top to bottom in about 60 steps, two frames each.
 * No named function inside: tsx would wrap it in a helper the page does not have.
 */
function scrollEndToEnd(page: Page) {
  return page.evaluate(async () => {
    const boxes: Array<HTMLElement | null> = [
      null,
      ...Array.from(document.querySelectorAll<HTMLElement>('.kanban__cards')),
    ];
    for (const box of boxes) {
      const scroller = box ?? document.scrollingElement ?? document.documentElement;
      // The height grows as rows are measured: the step follows it.
      for (let guard = 0; guard < 400; guard++) {
        const max = scroller.scrollHeight - scroller.clientHeight;
        if (scroller.scrollTop >= max - 1) break;
        scroller.scrollTop += Math.max(window.innerHeight, max / 60);
        await new Promise((resolve) => requestAnimationFrame(resolve));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      scroller.scrollTop = 0;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
}

/** Changes the status filter and answers the time until the count of tasks shown has changed, painted. */
function changeStatusFilter(page: Page, value: string) {
  return page.evaluate(async (status) => {
    const select = document.querySelector<HTMLSelectElement>('.task-filters select[id$="-status"]');
    const count = document.querySelector('.toolbar--views .muted-text');
    if (!select || !count) throw new Error('no status filter or no count on /tasks');
    const before = count.textContent;
    const started = performance.now();
    select.value = status;
    select.dispatchEvent(new Event('change', { bubbles: true }));
    while (count.isConnected && count.textContent === before)
      await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return performance.now() - started;
  }, value);
}

/** Clicks a column's sort button and waits for the first row to change. */
function sortBy(page: Page, column: string) {
  return page.evaluate(async (name) => {
    const button = Array.from(document.querySelectorAll<HTMLButtonElement>('.task-table__sort')).find(
      (candidate) => candidate.textContent?.includes(name),
    );
    if (!button) throw new Error(`no sort button ${name}`);
    const before = document.querySelector('.task-table__row--body')?.textContent;
    button.click();
    for (
      let frames = 0;
      document.querySelector('.task-table__row--body')?.textContent === before && frames < 600;
      frames++
    )
      await new Promise((resolve) => requestAnimationFrame(resolve));
  }, column);
}

async function switchTo(page: Page, view: View) {
  await page.locator(`.view-switcher [data-view="${view}"]`).click();
  await page.locator(FIRST_CONTENT).first().waitFor({ timeout: TIMEOUT_MS });
}

async function measureProfile(
  context: BrowserContext,
  profile: Profile,
  baseUrl: string,
): Promise<ProfileFigures> {
  const loadStart = os.loadavg()[0] ?? 0;
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  if (profile === 'phone') {
    await page.setViewportSize({ width: 360, height: 800 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const firstContentMs = { list: [], kanban: [], calendar: [] } as Record<View, number[]>;
  for (const view of VIEWS)
    for (let visit = 0; visit < VISITS; visit++) {
      const ms = await firstContentAfter(page, tasksUrl(baseUrl, view));
      log(`[${profile}] ${view}: first content ${ms.toFixed(0)} ms (second visit ${visit + 1})`);
      firstContentMs[view].push(ms);
    }

  const longestTaskMs: ProfileFigures['longestTaskMs'] = {};
  const failures: string[] = [];
  /** One interaction's longest task; one that cannot be done is said, and the others still measured. */
  const measure = async (name: keyof ProfileFigures['longestTaskMs'], action: () => Promise<unknown>) => {
    try {
      longestTaskMs[name] = await longestDuring(page, action);
    } catch (error) {
      failures.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      log(`[${profile}] ${name} could not be done: ${failures.at(-1)}`);
    }
  };
  for (const view of VIEWS) {
    await firstContentAfter(page, tasksUrl(baseUrl, view));
    await page.waitForTimeout(1_000);
    await measure(`${view} scroll`, () => scrollEndToEnd(page));
  }
  await measure('switch views', async () => {
    for (const view of ['list', 'kanban', 'calendar', 'list'] as const) await switchTo(page, view);
  });
  // On a phone the filters fold behind 'Filtres': the select is changed all the same, as its handler is.
  const filterResultMs: number[] = [];
  await measure('filter', async () => {
    for (let attempt = 0; attempt < FILTER_TRIES; attempt++) {
      filterResultMs.push(await changeStatusFilter(page, FILTERED.status));
      await page.waitForTimeout(300);
      await changeStatusFilter(page, '');
      await page.waitForTimeout(300);
    }
  });
  log(`[${profile}] status filter: ${filterResultMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  await measure('sort', async () => {
    await sortBy(page, 'Échéance');
    await sortBy(page, 'Titre');
  });
  await measure('move a card', async () => {
    await switchTo(page, 'kanban');
    await page.waitForTimeout(500);
    await page.evaluate(() => void (window.scaleProbe.longTasks.length = 0));
    for (let move = 0; move < 3; move++) await moveFirstTodoCard(page, 'En revue');
  });
  log(`[${profile}] interactions: ${JSON.stringify(longestTaskMs)}`);
  await page.close();
  return {
    profile,
    firstContentMs,
    longestTaskMs,
    filterResultMs,
    failures,
    loadAverage: { start: loadStart, end: os.loadavg()[0] ?? 0 },
  };
}

/** The page's JS heap after a collection, in MiB. */
async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
}

export async function measureBrowser(
  baseUrl: string,
  member: Member & { userId: string },
  seed: ScaleSeed,
): Promise<BrowserFigures> {
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({ ...CHROMIUM, headless: true });
  try {
    const context = await browser.newContext({
      locale: 'fr-FR',
      timezoneId: 'UTC',
      viewport: { width: 1440, height: 900 },
    });
    await context.addInitScript(installProbe, FIRST_CONTENT);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const pulls = countPulls(cdp);

    // Signed in through the form, the device copy kept empty (its reads refused) until the first visit.
    const refuse = '**/api/sync/changes**';
    await context.route(refuse, (route) => route.abort());
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Adresse e-mail').fill(MEMBER.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/dashboard');
    const before = await countCopy(page, member.userId);
    if (before !== 0) throw new Error(`the device copy holds ${before} tasks before the first visit`);
    await context.unroute(refuse);
    pulls.take();

    log(`[desk] first visit: ${tasksUrl(baseUrl, 'list')}, the device copy empty`);
    const started = Date.now();
    const firstVisitMs = await firstContentAfter(page, tasksUrl(baseUrl, 'list'));
    log(`[desk] first visit: first rows after ${firstVisitMs.toFixed(0)} ms; waiting for the full copy`);
    const tasksInCopy = await until(
      () => countCopy(page, member.userId),
      (count) => count >= seed.tasks,
      FULL_PULL_LIMIT_MS,
    );
    const fullPullSeconds = (Date.now() - started) / 1000;
    await page.waitForTimeout(1_000);
    const full = pulls.take();
    const storageBytes = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    log(
      `[desk] full copy in ${fullPullSeconds.toFixed(1)} s: ${full.pages} pages, ${(full.bytes / 2 ** 20).toFixed(1)} MiB on the wire`,
    );

    const heapMiB = await heapAfterGc(cdp);
    const copy: DeviceCopy = {
      tasksInCopy,
      fullPullSeconds,
      fullPullBytes: full.bytes,
      fullPullPages: full.pages,
      storageBytes,
      delta: null,
    };
    log(`[desk] heap ${heapMiB.toFixed(1)} MiB with ${tasksInCopy} tasks in the copy`);
    // Without the whole copy, the engine would still be pulling during every later measurement.
    if (tasksInCopy < seed.tasks) return { firstVisitMs, copy, heapMiB, profiles: [] };

    // One task changed elsewhere: the live stream sets off a pull that must bring only it.
    const changed = scaleTaskId(10);
    const title = 'Tâche changée ailleurs pendant le banc';
    const deltaStarted = Date.now();
    const patch = await fetch(`${baseUrl}/api/tasks/${changed}`, {
      method: 'PATCH',
      headers: { ...member.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    if (!patch.ok) throw new Error(`PATCH ${changed} answered ${patch.status}: ${await patch.text()}`);
    const seen = await until(
      () => titleInCopy(page, member.userId, changed),
      (value) => value === title,
      TIMEOUT_MS,
    );
    if (seen !== title) throw new Error(`the changed task's new title never reached the copy: ${seen}`);
    const deltaSeconds = (Date.now() - deltaStarted) / 1000;
    await page.waitForTimeout(1_000);
    const delta = pulls.take();
    copy.delta = { bytes: delta.bytes, pages: delta.pages, seconds: deltaSeconds };
    log(`[desk] delta pull ${delta.pages} pages, ${delta.bytes} bytes`);
    await page.close();

    const profiles: ProfileFigures[] = [];
    for (const profile of ['desk', 'phone'] as const)
      profiles.push(await measureProfile(context, profile, baseUrl));
    await context.close();
    return { firstVisitMs, copy, heapMiB, profiles };
  } finally {
    await browser.close();
  }
}
