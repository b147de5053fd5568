import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { GZIP_LEVEL } from './analyze.ts';

/**
 * The same question asked of a real browser: Debian's Chromium, driven by the Playwright the e2e
 * workspace installs (playwright-core, hoisted to the root node_modules; no browser is downloaded),
 * with the HTTP cache disabled, records every JavaScript response of a page until the network is
 * idle: its body size (decoded), its gzip size (zlib, same level as the file analysis, computed here)
 * and the bytes that crossed the wire (the server does not compress, so today these equal the raw size).
 */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
};

export interface LoadedScript {
  file: string;
  raw: number;
  gzip: number;
  transferred: number;
}

export interface BrowserPage {
  name: string;
  scripts: LoadedScript[];
}

const NAVIGATION_TIMEOUT_MS = 60_000;

/** Records the scripts `page` receives while `action` runs and until the network has been idle. */
async function recordScripts(page: Page, action: () => Promise<void>): Promise<LoadedScript[]> {
  const pending: Promise<LoadedScript | null>[] = [];
  const onResponse = (response: Response) => {
    const request = response.request();
    const url = new URL(response.url());
    if (request.resourceType() !== 'script' && !url.pathname.endsWith('.js')) return;
    pending.push(
      (async () => {
        try {
          const body = await response.body();
          const sizes = await request.sizes();
          return {
            file: url.pathname.split('/').pop() ?? url.pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: GZIP_LEVEL }).length,
            transferred: sizes.responseBodySize,
          };
        } catch {
          return null; // a response the page dropped (navigation): not loaded for this page
        }
      })(),
    );
  };
  page.on('response', onResponse);
  try {
    await action();
    await page.waitForLoadState('networkidle', { timeout: NAVIGATION_TIMEOUT_MS });
  } finally {
    page.off('response', onResponse);
  }
  const scripts = (await Promise.all(pending)).filter((script): script is LoadedScript => script !== null);
  return scripts.sort((a, b) => a.file.localeCompare(b.file));
}

/** Both charts drawn: scrolled to (they load once near the screen), the chart.js chunk has arrived. */
async function drawCharts(page: Page): Promise<void> {
  await page.locator('.dash-chart').nth(1).scrollIntoViewIfNeeded();
  await page.locator('.dash-chart__canvas canvas').nth(1).waitFor();
}

/**
 * /login opened cold, the sign-in through the form (what /dashboard adds to a browser that has the
 * login screen), then /dashboard reloaded cold while signed in (its charts drawn). Closes the browser.
 */
export async function measureInBrowser(
  baseUrl: string,
  member: { email: string; password: string; username: string },
): Promise<BrowserPage[]> {
  const { chromium } = await import('playwright-core');
  const browser: Browser = await chromium.launch({
    ...CHROMIUM,
    headless: true,
    timeout: NAVIGATION_TIMEOUT_MS,
  });
  try {
    const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'UTC' });
    const page = await context.newPage();
    page.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const pages: BrowserPage[] = [];
    pages.push({
      name: '/login, cold',
      scripts: await recordScripts(page, async () => {
        await page.goto(`${baseUrl}/login`);
        await page.getByLabel('Adresse e-mail').waitFor();
      }),
    });
    pages.push({
      name: 'sign-in from /login to /dashboard (added)',
      scripts: await recordScripts(page, async () => {
        await page.getByLabel('Adresse e-mail').fill(member.email);
        await page.getByLabel('Mot de passe', { exact: true }).fill(member.password);
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await page.waitForURL(/\/dashboard$/);
        await page.getByRole('heading', { level: 1, name: `Bonjour, ${member.username}` }).waitFor();
        await drawCharts(page);
      }),
    });
    pages.push({
      name: '/dashboard, cold (signed in, reloaded)',
      scripts: await recordScripts(page, async () => {
        await page.reload();
        await page.getByRole('heading', { level: 1, name: `Bonjour, ${member.username}` }).waitFor();
        await drawCharts(page);
      }),
    });
    await context.close();
    return pages;
  } finally {
    await browser.close();
  }
}
