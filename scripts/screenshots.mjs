#!/usr/bin/env node
// `npm run screenshots`: pictures of the main screens for the README, taken from the real app. Builds the
// web app when it has not been built, seeds the demo data (`npm run seed:demo`) into a fresh PGlite folder,
// starts the server on it, signs in as a demo member in Debian's Chromium and writes PNGs to docs/images/:
// login, dashboard, tasks kanban, tasks list, a project and /sync, at phone size (360 x 740, touch) and
// desk size (1440 x 900), light theme, plus the desk dashboard in dark. Animations are asked to stay still
// (reduced motion), so two runs give the same pictures; pngquant, when installed, keeps the files small.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const imagesDir = path.join(root, 'docs/images');
const DEMO = { email: 'camille@demo.jalon.local', password: 'Jalon demo 2026!', name: 'Camille Martin' };
const SIZES = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desk: { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 },
};
const TIMEOUT_MS = 60_000;

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${baseUrl}/api/health did not answer in time`);
}

/** The screens, each opened in a signed-in page and waited on until its content is there. */
const SCREENS = [
  {
    name: 'dashboard',
    path: '/dashboard',
    ready: (page) => page.getByRole('heading', { level: 1, name: `Bonjour, ${DEMO.name}` }),
  },
  {
    name: 'tasks-kanban',
    path: '/tasks?view=kanban',
    ready: (page) => page.getByRole('heading', { level: 1 }),
  },
  { name: 'tasks-list', path: '/tasks?view=list', ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'project', path: null, ready: (page) => page.getByRole('heading', { level: 1 }) },
  { name: 'sync', path: '/sync', ready: (page) => page.getByRole('heading', { level: 1 }) },
];

function compress(file) {
  const quantized = spawnSync('pngquant', [
    '--force',
    '--skip-if-larger',
    '--strip',
    '--output',
    file,
    '--',
    file,
  ]);
  return !quantized.error;
}

async function shoot(page, name) {
  // Let the device's copy, lazily loaded pieces and fonts settle (the live stream stays open: not waited on).
  await page.waitForLoadState('load');
  await page.waitForTimeout(1_500);
  const file = path.join(imagesDir, `${name}.png`);
  await page.screenshot({ path: file });
  const compressed = compress(file);
  console.log(
    `  ${path.relative(root, file)}  ${(fs.statSync(file).size / 1024).toFixed(0)} KB${compressed ? '' : ' (pngquant not installed)'}`,
  );
}

async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Adresse e-mail').fill(DEMO.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL('**/dashboard');
}

async function capture(browser, baseUrl, size, colorScheme, screens) {
  const context = await browser.newContext({
    ...SIZES[size],
    colorScheme,
    reducedMotion: 'reduce',
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  const suffix = colorScheme === 'dark' ? '-dark' : '';
  if (screens.includes('login')) {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { level: 1, name: 'Connexion' }).waitFor();
    await shoot(page, `${size}-login${suffix}`);
  }
  await signIn(page, baseUrl);
  for (const screen of SCREENS.filter((candidate) => screens.includes(candidate.name))) {
    let target = screen.path;
    if (target === null) {
      await page.goto(`${baseUrl}/projects`);
      target = await page.locator('a[href^="/projects/"]:not([href$="/new"])').first().getAttribute('href');
    }
    await page.goto(`${baseUrl}${target}`);
    await screen.ready(page).waitFor();
    await shoot(page, `${size}-${screen.name}${suffix}`);
  }
  await context.close();
}

async function main() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) run('npm', ['run', 'build']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-screenshots-'));
  let server;
  try {
    console.log('Seeding the demo data…');
    run('npm', ['run', '-s', 'seed:demo'], { DATA_DIR: dataDir });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
      },
    });
    await waitForHealth(baseUrl, server);

    fs.mkdirSync(imagesDir, { recursive: true });
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const all = ['login', ...SCREENS.map((screen) => screen.name)];
      console.log('Screenshots:');
      await capture(browser, baseUrl, 'phone', 'light', all);
      await capture(browser, baseUrl, 'desk', 'light', all);
      await capture(browser, baseUrl, 'desk', 'dark', ['dashboard']);
    } finally {
      await browser.close();
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
