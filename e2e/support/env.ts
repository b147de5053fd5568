// Values shared by the Playwright config, the global set-up that starts the server, and the tests.

import { execFileSync } from 'node:child_process';

/**
 * A port nobody uses, chosen once by the runner and inherited by its workers through E2E_PORT, so
 * that two runs on one machine (two checkouts, CI next to a developer) never meet on 4173.
 */
function freePort(): number {
  const probe =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }));
}

process.env.E2E_PORT ??= String(freePort());

export const PORT = Number(process.env.E2E_PORT);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'Jalon admin e2e 2026!';

/** Set by the global set-up before the workers start: the server's fresh data folder. */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the suite through e2e/playwright.config.ts');
  return dir;
}

/** Chromium as Debian ships it; Playwright never downloads a browser here. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
