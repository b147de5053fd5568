import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { httpRequest, type HttpAnswer, type HttpRequestOptions } from './http-request.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SERVER_ENTRY = fileURLToPath(new URL('../server.ts', import.meta.url));
const LOG_LIMIT = 2_000_000;

// A test that fails or times out must not leave servers behind holding ports and data folders.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A port nobody listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcessOptions {
  /** DATA_DIR always (PGlite's folder, the secret key); DATABASE_URL for PostgreSQL; any other setting. */
  env: Record<string, string>;
  startTimeoutMs?: number;
}

/**
 * The real server as a child process, started the way `npm start` does (node --import tsx server.ts),
 * on loopback and its own port, so fault tests can kill it with signals and start it again on the same
 * data. Its stdout and stderr are kept (bounded) for assertions on log lines.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private log = '';

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly startTimeoutMs: number,
  ) {}

  static async start(options: ServerProcessOptions): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), options.env, options.startTimeoutMs ?? 30_000);
    await server.restart();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Everything the server printed since the first start. */
  output(): string {
    return this.log;
  }

  /**
   * Waits until the output matches: a log line reaches the pipe after the answer that it goes with may
   * already have reached the test. Answers the output, or throws with it after `timeoutMs`.
   */
  async waitForOutput(pattern: RegExp, timeoutMs = 5_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.log)) {
      if (Date.now() > deadline)
        throw new Error(`No output matching ${pattern} after ${timeoutMs} ms:\n${this.log.slice(-4_000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return this.log;
  }

  /** Starts the server (again) on the same port and settings; resolves once /api/health answers 200. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('The server is already running');
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        TZ: 'UTC',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        LOG_LEVEL: 'warn',
        LOGIN_IP_MAX: '10000',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString('utf8')).slice(-LOG_LIMIT);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.once('exit', () => {
      running.delete(child);
      if (this.child === child) this.child = null;
    });
    await this.waitUntilHealthy();
  }

  private async waitUntilHealthy(): Promise<void> {
    const deadline = Date.now() + this.startTimeoutMs;
    while (Date.now() < deadline) {
      if (!this.child) throw new Error(`The server exited during start-up:\n${this.log.slice(-4000)}`);
      const answer = await this.request('GET', '/api/health', { timeoutMs: 1_000 }).catch(() => null);
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await this.kill();
    throw new Error(
      `The server did not become healthy within ${this.startTimeoutMs} ms:\n${this.log.slice(-4000)}`,
    );
  }

  /** Sends a signal (SIGKILL by default: no clean-up at all) and waits until the process is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  request(method: string, path: string, options: HttpRequestOptions = {}): Promise<HttpAnswer> {
    return httpRequest(`${this.url}${path}`, method, options);
  }

  /** Signs in with a password (a member: administrators would have to enrol 2FA first); returns the token. */
  async signIn(email: string, password: string): Promise<string> {
    const answer = await this.request('POST', '/api/auth/login', { body: { email, password } });
    const token = (answer.body as { data?: { token?: string } } | null)?.data?.token;
    if (answer.status !== 200 || !token)
      throw new Error(`Sign-in failed (${answer.status}): ${JSON.stringify(answer.body)}`);
    return token;
  }
}
