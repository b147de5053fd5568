// Issue 33: the app runs on React, routed by wouter. What the production build serves is React's, and
// a new screen opens at its top.
import type { Page } from '@playwright/test';
import { expect, expectDashboard, signIn, test } from './support/test.ts';

test('the page is rendered by React, and no script the server serves holds Preact', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  // React's root marks its container with a property of its own.
  const reactRoot = await page
    .locator('#root')
    .evaluate((root) => Object.keys(root).some((key) => key.startsWith('__reactContainer$')));
  expect(reactRoot).toBe(true);

  // Every script of the build is in the service worker's precache list.
  const worker = await (await request.get('/service-worker.js')).text();
  const scripts = [...worker.matchAll(/"url":"([^"]+\.js)"/g)].map((match) => `/${match[1]}`);
  expect(scripts.length).toBeGreaterThan(10);
  for (const script of scripts) {
    const code = await (await request.get(script)).text();
    // Preact's render loop calls its `options.diffed` hook after each element; React has no such name.
    expect(code, script).not.toMatch(/\.diffed\b/);
  }
});

/** Scrolls /shortcuts, a long screen, down a little, and says how far. */
async function scrolledShortcuts(page: Page): Promise<number> {
  await page.goto('/shortcuts');
  await expect(page.getByRole('heading', { level: 1, name: 'Raccourcis clavier' })).toBeVisible();
  await page.mouse.wheel(0, 250);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  return page.evaluate(() => window.scrollY);
}

/** The screen shown is at its top, though it is long enough to have kept the previous screen's position. */
async function expectAtTop(page: Page, scrolled: number) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThanOrEqual(scrolled);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
}

test.describe('a new screen opens at its top, after a keyboard shortcut', () => {
  for (const viewport of [
    { width: 1440, height: 400 },
    { width: 360, height: 640 },
  ]) {
    test(`at ${viewport.width} px`, async ({ page, member }) => {
      await page.setViewportSize(viewport);
      await signIn(page, member);
      await expectDashboard(page, member);
      const scrolled = await scrolledShortcuts(page);
      await page.keyboard.press('g');
      await page.keyboard.press('m');
      await expect(page.getByRole('heading', { level: 1, name: 'Mon profil' })).toBeVisible();
      await expectAtTop(page, scrolled);
    });
  }
});
