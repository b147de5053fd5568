// A second, private server for a journey that needs an account of its own kind: the administrator
// created on first start. The shared server's bootstrap admin belongs to login.spec.ts (which needs
// it without 2FA), and no route turns a member into an admin, so a journey that enrols an admin
// starts its own server on an empty data folder, with its own ADMIN_EMAIL, and stops it afterwards.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dataDir } from './env.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Generous: the server compiles with tsx and migrates a fresh database, which takes long on a loaded machine.
const START_TIMEOUT_MS = 120_000;

export interface OwnServer {
  baseURL: string;
  /** Its data folder: the mail it sends is written under `mail/` there. */
  dataDir: string;
  admin: { email: string; password: string };
  stop: () => Promise<void>;
}

function freePort(): number {
  const probe =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }));
}

async function healthy(baseURL: string): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/api/health`)).ok;
  } catch {
    return false;
  }
}

/**
 * Starts the real server as the global set-up does (same built web app, copied there by the
 * global set-up next to the shared data folder), on a free port and an empty data folder of its own,
 * so that `admin` is created on first start. Resolves once /api/health answers.
 */
export async function startOwnServer(
  admin: { email: string; password: string },
  options: OwnServerOptions = {},
): Promise<OwnServer> {
  // The port is free when probed, but another run on the machine (parallel workers, other checkouts)
  // may take it before the server listens: that start fails with EADDRINUSE, and a new port is tried.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(admin, options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

export interface OwnServerOptions {
  /** Passkeys need a host name: browsers refuse an IP address as the relying party (decision 0023). */
  publicHost?: 'localhost';
  /** More of the server's environment, e.g. a short SESSION_IDLE_MINUTES. */
  env?: Record<string, string>;
}

class PortTaken extends Error {}

async function startOnce(
  admin: { email: string; password: string },
  options: OwnServerOptions,
): Promise<OwnServer> {
  const webDist = path.join(path.dirname(dataDir()), 'web');
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-e2e-own-'));
  const port = freePort();
  const listening = `http://127.0.0.1:${port}`;
  const baseURL = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const output: string[] = [];
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: runDir,
      WEB_DIST: webDist,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ALLOW_REGISTRATION: 'true',
      LOGIN_IP_MAX: '10000',
      RESET_IP_MAX: '10000',
      TZ: 'UTC',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  // 'exit' may come before the last of the output: 'close' comes once both pipes are drained.
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.kill('SIGKILL'), 10_000);
        server.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        server.kill('SIGTERM');
      });
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(listening))) {
    const exited = server.exitCode !== null || server.signalCode !== null;
    if (exited || Date.now() > deadline) {
      await stop();
      if (exited) await closed;
      const said = output.join('');
      if (said.includes('EADDRINUSE')) throw new PortTaken(`port ${port} taken`);
      const why = exited
        ? `exited (code ${server.exitCode}, signal ${server.signalCode})`
        : `not answering /api/health after ${START_TIMEOUT_MS} ms`;
      throw new Error(`The journey's own server did not start on ${baseURL}: ${why}\n${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseURL, dataDir: runDir, admin, stop };
}
