import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM } from './support/env.ts';

// The journeys of issue 2 in Debian's Chromium against the real server and the built web app
// (apps/web/dist, served by the server). `npm test` builds the web app first.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  globalSetup: './support/global-setup.ts',
  // Every test brings its own member, so tests of one file may run side by side.
  fullyParallel: true,
  // Two workers for the journeys (the machine's two cores), and a third that only the working day
  // takes (projects below).
  workers: 3,
  // One retry on CI only: the shared 2-core machine sometimes starves a journey; scripts/test.mjs names
  // every journey that needed it ("N flaky") so it is fixed rather than forgotten. Locally a failure is
  // a failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // Generous limits: the machine is shared, and a loaded CPU should slow the suite, not fail it.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'UTC',
    // The login screen's animated canvas costs a core without a GPU; the journeys do not need it, so
    // they see the still gradient the app shows on request. The accessibility test of the login
    // screen turns the animation back on.
    reducedMotion: 'reduce',
    // The shipped app registers a service worker that precaches the whole build: the journeys run without
    // it (each test's fresh context would download and install it again), offline-shell.spec.ts with it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  // The working day (a-working-day.spec.ts) waits in real time past a session's idle window, its page
  // and its own server idle most of those 9 minutes: it runs in a slot of its own beside the two that
  // share the other journeys, instead of holding one of them for 9 minutes with its core unused.
  projects: [
    { name: 'chromium', testIgnore: '**/a-working-day.spec.ts', workers: 2 },
    { name: 'chromium, a working day', testMatch: '**/a-working-day.spec.ts', workers: 1 },
  ],
});
