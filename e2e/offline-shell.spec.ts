import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { dataDir } from './support/env.ts';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

// Issue 19, the service worker (decision 0016): the shipped build keeps its app shell for a reload
// offline; the build with VITE_OFFLINE_SYNC=false registers no worker and keeps nothing on the device.
// The other journeys block service workers (playwright.config.ts); these let them run.
test.use({ serviceWorkers: 'allow' });

/** What the page's origin keeps: its service workers, its IndexedDB databases and its cached URLs. */
function keptOnDevice(page: Page) {
  return page.evaluate(async () => {
    const cached: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys())
        cached.push(new URL(request.url).pathname);
    const registrations = await navigator.serviceWorker.getRegistrations();
    return {
      workers: registrations.map((registration) => ({
        scope: new URL(registration.scope).pathname,
        script: new URL((registration.active ?? registration.installing ?? registration.waiting)!.scriptURL)
          .pathname,
      })),
      databases: (await indexedDB.databases()).map((database) => database.name),
      cached,
    };
  });
}

test('a reload while offline shows the app from the service worker, not the browser’s error page', async ({
  page,
  context,
  member,
}) => {
  await signIn(page, member);
  await expectDashboard(page, member);
  // Installed (the app shell precached) and in control of this page.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
  const kept = await keptOnDevice(page);
  expect(kept.workers).toEqual([{ scope: '/', script: '/service-worker.js' }]);
  expect(kept.cached).toContain('/index.html');
  expect(
    kept.cached.filter((url) => url.startsWith('/assets/') && url.endsWith('.js')).length,
  ).toBeGreaterThan(5);
  expect(kept.cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

  // The request id the server gave the copy of index.html the worker precached at install.
  const precachedIndexId = await page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const index = (await cache.keys()).find((request) => new URL(request.url).pathname === '/index.html');
      if (index) return (await cache.match(index))?.headers.get('x-request-id') ?? null;
    }
    return null;
  });
  expect(precachedIndexId).not.toBeNull();
  // Online, a reload still gets the server's newest index.html (network first: updates arrive).
  expect((await page.reload())?.headers()['x-request-id']).not.toBe(precachedIndexId);
  await expectDashboard(page, member);

  await context.setOffline(true);
  const reloaded = await page.reload();
  // Offline, the worker answers with that very copy, not the browser's error page.
  expect(reloaded?.fromServiceWorker()).toBe(true);
  expect(reloaded?.headers()['x-request-id']).toBe(precachedIndexId);
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'État de la connexion' })).toContainText(
    'Pas de connexion internet',
  );
  // The web app manifest and its icons too (issue 17): an installed Jalon starts offline with its icon.
  for (const file of [
    '/manifest.webmanifest',
    '/icons/icon-192.png',
    '/icons/icon-512.png',
    '/icons/icon-maskable-512.png',
  ]) {
    expect(await page.evaluate(async (url) => (await fetch(url)).status, file), file).toBe(200);
  }
  // Whatever the screens asked of the API while offline, none of it was answered from a cache.
  expect((await keptOnDevice(page)).cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
  await context.setOffline(false);
});

/**
 * The page's own files come from `dir` instead of the server's build, as the server would serve them
 * (index.html for every other path, 404 for a missing asset or worker script); /api still reaches the
 * real server. A second server for the second build would cost a start-up per run.
 */
async function serveWebBuild(context: BrowserContext, dir: string): Promise<void> {
  await context.route(
    (url) => !url.pathname.startsWith('/api/'),
    (route) => {
      const { pathname } = new URL(route.request().url());
      const file = path.join(dir, path.normalize(pathname));
      if (file.startsWith(dir) && fs.statSync(file, { throwIfNoEntry: false })?.isFile())
        return route.fulfill({ path: file });
      if (pathname.startsWith('/assets/') || pathname === '/service-worker.js')
        return route.fulfill({ status: 404 });
      return route.fulfill({ path: path.join(dir, 'index.html') });
    },
  );
}

test('a build without offline sync registers no service worker and creates no IndexedDB database', async ({
  page,
  context,
  member,
}) => {
  const flagOff = path.join(path.dirname(dataDir()), 'web-offline-off');
  if (!fs.existsSync(path.join(flagOff, 'index.html')))
    throw new Error(
      'apps/web/dist-offline-off is missing: run `npm run build:offline-off -w @jalon/web` (npm test does it).',
    );
  await serveWebBuild(context, flagOff);
  // The module that registers the worker in the shipped build loads after the page's load event.
  const registration = page.waitForResponse((response) =>
    /\/assets\/register-[\w-]+\.js$/.test(response.url()),
  );
  await signIn(page, member);
  await expectDashboard(page, member);
  await registration;
  // The shipped build has registered by now (the first journey waits for that worker); give a slow
  // machine a moment more before saying this one did not.
  await page.waitForTimeout(1_000);
  expect(await keptOnDevice(page)).toEqual({ workers: [], databases: [], cached: [] });
  // It really was the flag-off build: its scripts are not the shipped build's.
  const script = await page.locator('script[type="module"]').first().getAttribute('src');
  expect(fs.existsSync(path.join(flagOff, script!))).toBe(true);
  expect(fs.existsSync(path.join(path.dirname(dataDir()), 'web', script!))).toBe(false);
});
