import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, PORT } from './env.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Generous: on a shared, loaded machine a first start (transpiling the server) can take a minute.
const START_TIMEOUT_MS = 120_000;

async function healthy(): Promise<boolean> {
  try {
    const response = await fetch(`${BASE_URL}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/**
 * Starts the real server on a fresh, empty data folder (so the admin is created on first start and
 * every run begins from nothing), waits for /api/health, and returns the teardown that stops it and
 * removes the folder. The folder is handed to the workers through E2E_DATA_DIR: the tests read the
 * mail the server writes there, like a person reads an inbox.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (await healthy()) {
    throw new Error(`Something already answers on ${BASE_URL}: stop it or unset E2E_PORT.`);
  }
  const builtWeb = path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(builtWeb, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build -w @jalon/web` (npm test does it).');
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-e2e-'));
  const dataDir = path.join(runDir, 'data');
  fs.mkdirSync(dataDir);
  // The run serves its own copy of the build: a rebuild started meanwhile (vite empties dist first)
  // must not pull the screens out from under the tests.
  const webDist = path.join(runDir, 'web');
  const withoutMaps = (source: string) => !source.endsWith('.map');
  fs.cpSync(builtWeb, webDist, { recursive: true, filter: withoutMaps });
  // The build without offline sync, which offline-shell.spec.ts serves in place of this one to check the
  // flag off; that journey fails, saying how to build it, when it is missing.
  const flagOffWeb = path.join(ROOT, 'apps/web/dist-offline-off');
  if (fs.existsSync(path.join(flagOffWeb, 'index.html')))
    fs.cpSync(flagOffWeb, path.join(runDir, 'web-offline-off'), { recursive: true, filter: withoutMaps });
  process.env.E2E_DATA_DIR = dataDir;

  const output: string[] = [];
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ALLOW_REGISTRATION: 'true',
      LOGIN_IP_MAX: '10000',
      RESET_IP_MAX: '10000',
      TZ: 'UTC',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const teardown = async () => {
    await stop(server);
    fs.rmSync(runDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy())) {
    if (server.exitCode !== null || Date.now() > deadline) {
      await teardown();
      throw new Error(`The server did not start on ${BASE_URL}:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return teardown;
}
