import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childDatabase, killChildren, startServer, type ServerProcess } from './test/child-processes.ts';

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * A real request kept in flight by its client: the headers are sent, the body trickles in later, as
 * from a slow phone connection. The server has routed it by the time this resolves: its log says so (a
 * fixed wait was not enough on a loaded machine, and the SIGTERM then came before the request).
 */
async function slowRequest(server: ServerProcess) {
  const body = JSON.stringify({ email: 'nobody@example.test' });
  const client = net.connect(server.port, '127.0.0.1');
  let answer = '';
  client.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  client.on('error', () => {});
  await new Promise<void>((resolve) => client.once('connect', resolve));
  client.write(
    'POST /api/auth/password/forgot HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
  );
  const routed = /"url":"\/api\/auth\/password\/forgot"[^\n]*"msg":"incoming request"/;
  expect(await eventually(async () => routed.test(server.output()), 30_000)).toBe(true);
  return {
    /** Sends the rest of the body (write, not end: a client that half-closes is taken as gone) and reads the answer. */
    async finish(): Promise<string> {
      client.write(body.slice(5));
      await closed;
      return answer;
    },
    /** Resolves with whatever came back once the server has closed the connection. */
    closed: closed.then(() => answer),
  };
}

describe('SIGTERM', () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof childDatabase>>;
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-shutdown-'));
    database = await childDatabase();
  });
  afterEach(async () => {
    await killChildren();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses new connections, finishes the request in flight, closes the database and exits 0',
    { timeout: 150_000 },
    async () => {
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...database.env });
      const request = await slowRequest(server);
      server.child.kill('SIGTERM');
      expect(await eventually(() => refused(server.port), 30_000)).toBe(true);
      const answer = await request.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('If the account exists');

      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'jalon.lock'))).toBe(false);
      // The data folder (with PGlite) and the connections are free: a second server starts at once.
      const again = await startServer({ DATA_DIR: dataDir, ...database.env });
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );

  it(
    'cuts a request still running after SHUTDOWN_GRACE_MS, still closes the database, and exits 1',
    { timeout: 120_000 },
    async () => {
      const server = await startServer({
        DATA_DIR: dataDir,
        SHUTDOWN_GRACE_MS: '500',
        LOG_LEVEL: 'info',
        ...database.env,
      });
      const request = await slowRequest(server);
      server.child.kill('SIGTERM');
      expect(await request.closed).toBe('');
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain('requests still running after SHUTDOWN_GRACE_MS');
      expect(fs.existsSync(path.join(dataDir, 'jalon.lock'))).toBe(false);
    },
  );
});
