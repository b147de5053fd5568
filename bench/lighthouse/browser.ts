import { writeFile } from 'node:fs/promises';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/**
 * Lighthouse in Debian's Chromium, driven through puppeteer-core (Lighthouse's own browser library): the
 * same page first signs in through the form as a person would, then Lighthouse audits each screen in it
 * with its default mobile profile (Moto G Power screen, simulated slow 4G and 4x CPU slowdown).
 */
const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TIMEOUT_MS = 60_000;

export interface Credentials {
  email: string;
  password: string;
  /** The administrator's second step: one backup code, spent by this sign-in. */
  backupCode?: string;
}

/** One Lighthouse run of one screen: the score and the figures it is made of. */
export interface AuditRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
  warnings: string[];
}

/** Lighthouse could not record the run (NO_NAVSTART, a lost trace…): its own advice is to run it again. */
export class LighthouseRuntimeError extends Error {}

export async function launchChromium(): Promise<Browser> {
  // headless: false, so that the flags above are the whole story ('--headless' is among them).
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: false,
    args: CHROMIUM_FLAGS,
    timeout: TIMEOUT_MS,
  });
}

const byLabel = (page: Page, name: string) => page.locator(`::-p-aria(${name})`);
const button = (page: Page, name: string) => page.locator(`::-p-aria([name="${name}"][role="button"])`);

/** Signs in through /login (and the 2FA step with a backup code, when given); resolves on /dashboard. */
export async function signInThroughForm(page: Page, baseUrl: string, who: Credentials): Promise<void> {
  page.setDefaultTimeout(TIMEOUT_MS);
  await page.goto(`${baseUrl}/login`);
  await byLabel(page, 'Adresse e-mail').fill(who.email);
  await byLabel(page, 'Mot de passe').fill(who.password);
  await button(page, 'Se connecter').click();
  if (who.backupCode) {
    await byLabel(page, 'Code de vérification ou code de secours').fill(who.backupCode);
    await button(page, 'Vérifier').click();
  }
  await page.waitForFunction(() => window.location.pathname === '/dashboard', { timeout: TIMEOUT_MS });
}

/**
 * Lighthouse normally wipes the origin's storage before loading, which would sign the member out. It is
 * told not to, and this clears instead what makes a load warm: the HTTP cache, the service worker and its
 * precache. The session (local storage, the jalon_session cookie) and the device's IndexedDB copy stay,
 * as for a person coming back to Jalon on a browser that evicted its caches (decision 0036).
 */
export async function coldButSignedIn(page: Page, origin: string): Promise<void> {
  const cdp = await page.createCDPSession();
  try {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  } finally {
    await cdp.detach();
  }
}

/**
 * One audit; the full report (Lighthouse JSON, which its viewer opens) is written to `reportFile`.
 * `cpuSlowdown` replaces the profile's 4x: a larger one stands for a slower host (the simulated slowdown
 * multiplies what this host took), to see whether a change holds up there.
 */
export async function auditOnce(
  page: Page,
  url: string,
  reportFile: string,
  cpuSlowdown?: number,
): Promise<AuditRun> {
  await coldButSignedIn(page, new URL(url).origin);
  const result = await lighthouse(
    url,
    {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  await writeFile(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  if (lhr.runtimeError)
    throw new LighthouseRuntimeError(
      `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  const figure = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`Lighthouse on ${url} gave no ${id}`);
    return value;
  };
  // The page Lighthouse finally measured must be the screen asked for, not /login after a lost session.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${landed}`);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: figure('first-contentful-paint'),
    lcpMs: figure('largest-contentful-paint'),
    tbtMs: figure('total-blocking-time'),
    cls: figure('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
  };
}

/** A new tab on Lighthouse's mobile screen (so that the same elements are in view), signed in as `who`. */
export async function signedInMobilePage(browser: Browser, baseUrl: string, who: Credentials): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport({
    width: 412,
    height: 823,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  await signInThroughForm(page, baseUrl, who);
  return page;
}
