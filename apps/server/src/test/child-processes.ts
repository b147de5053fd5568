import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './server-process.ts';

/**
 * The real server and CLI as child processes, started as `npm start` and `npm run …` start them
 * (node --import tsx), for the shutdown and backup tests. Every child started here is tracked so a
 * test's `afterEach` can end them all. Fault tests use `ServerProcess` (server-process.ts).
 */
const SOURCE = fileURLToPath(new URL('..', import.meta.url));
const children = new Set<ChildProcessWithoutNullStreams>();

/** The parent's environment without its database settings: each test says which database it uses. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...rest } = process.env;
  return { ...rest, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
}

export interface ServerProcess {
  port: number;
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
}

/** Options of a child: `umask` starts it from a shell with that umask (octal, e.g. '000'). */
export interface ChildOptions {
  umask?: string;
}

/** node --import tsx FILE ARGS, from `sh -c 'umask …'` when a umask is asked for. */
function spawnNode(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: ChildOptions,
): ChildProcessWithoutNullStreams {
  const command = [process.execPath, '--import', 'tsx', file, ...args];
  if (!options.umask) return spawn(command[0]!, command.slice(1), { env });
  return spawn('/bin/sh', ['-c', `umask ${options.umask} && exec "$@"`, 'sh', ...command], { env });
}

export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: ChildOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawnNode(`${SOURCE}server.ts`, [], childEnv({ ...env, PORT: String(port) }), options);
  children.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => (children.delete(child), resolve(code))),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const ready = () => {
      if (!output.includes('Jalon is running on')) return;
      clearTimeout(timer);
      child.stdout.off('data', ready);
      resolve();
    };
    child.stdout.on('data', ready);
    void exited.then(
      (code) => (
        clearTimeout(timer),
        reject(new Error(`server exited with ${code} before starting:\n${output}`))
      ),
    );
  });
  return { port, child, exited, output: () => output };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `src/cli/<script>` to its end (bounded), as `npm run <script>` does. */
export function runCliScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
  options: ChildOptions = {},
): Promise<CliResult> {
  const child = spawnNode(`${SOURCE}cli/${script}`, args, childEnv(env), options);
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** Ends every child still running (a failed test must not leave a server holding a port or a folder). */
export async function killChildren(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGKILL'))),
    ),
  );
}

/**
 * The database a child server should use: with TEST_DATABASE_URL, a fresh PostgreSQL database
 * (dropped by `drop`); otherwise nothing, so the child uses PGlite in its DATA_DIR.
 */
export async function childDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const name = `jalon_test_child_${Date.now().toString(36)}_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
