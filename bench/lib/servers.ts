import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  freePort,
  startChild,
  stopChild,
  trackTempDir,
  untrackTempDir,
  waitForHttp200,
  waitForOutput,
  type Child,
} from './children.ts';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../apps/server', import.meta.url));

export const ADMIN = { email: 'admin@bench.local', password: 'Bench-Admin-Pw-7319!' };

export interface RunningServer {
  baseUrl: string;
  pid: number;
  stop: () => Promise<void>;
}

/**
 * A temporary data folder that outlives one server, for suites that start the server, stop it, seed its
 * database and start it again. Removed by `removeDataDir`, or by `cleanUpChildren` on any exit path.
 */
export async function makeDataDir(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jalon-bench-'));
  trackTempDir(dataDir);
  return dataDir;
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  untrackTempDir(dataDir);
}

/** The database kind and version a running server reports on /api/health, for the report's header. */
export async function databaseVersionOf(baseUrl: string): Promise<string> {
  const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as {
    data?: { database?: { version?: string } };
  };
  return health.data?.database?.version ?? 'unknown';
}

/** The ceiling: bare node:http in its own process. */
export async function startBareServer(): Promise<RunningServer> {
  const port = await freePort();
  const child = startChild(
    process.execPath,
    ['--import', 'tsx', path.join(BENCH_DIR, 'lib/bare-server.ts'), String(port)],
    { cwd: BENCH_DIR },
  );
  try {
    await waitForOutput(child, 'listening', 20_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child) };
}

export type DatabaseKind = 'pglite' | 'postgresql';

/**
 * The Jalon server as a child process, on a fresh PGlite folder (removed on stop) or on `databaseUrl`.
 * With `options.dataDir` (from `makeDataDir`), it runs on that folder and leaves it in place on stop;
 * `options.env` adds settings (see .env.example). Resolves once GET /api/health answers 200.
 */
export async function startJalonServer(
  kind: DatabaseKind,
  databaseUrl?: string,
  /** `serverDir`: another checkout's apps/server, to measure today's code beside this one on the same host. */
  options: { dataDir?: string; env?: Record<string, string>; serverDir?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await makeDataDir());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ALLOW_REGISTRATION: 'true',
    LOGIN_IP_MAX: '100000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...options.env,
  };
  if (kind === 'postgresql') {
    if (!databaseUrl) throw new Error('postgresql needs a database URL');
    env.DATABASE_URL = databaseUrl;
  }
  let child: Child | undefined;
  const stop = async () => {
    if (child) await stopChild(child);
    if (ownsDataDir) await removeDataDir(dataDir);
  };
  try {
    child = startChild(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: options.serverDir ?? SERVER_DIR,
      env,
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    // Three minutes unless BENCH_START_MS says otherwise: on the shared 2-core host under other
    // people's builds, PGlite's first start (the migrations) took 80 s.
    await waitForHttp200(`${baseUrl}/api/health`, child, Number(process.env.BENCH_START_MS ?? 180_000));
    return { baseUrl, pid: child.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
