import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { schema } from './schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { PgliteVacuum } from './pglite-vacuum.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; services take `Db | Tx` where they can run inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgresql';

export interface Database {
  db: Db;
  pool: pg.Pool;
  kind: DatabaseKind;
  /** A connection string for a dedicated listener (LISTEN/NOTIFY); null for PGlite. */
  listenerConfig: pg.ClientConfig | null;
  /** PGlite's embedded vacuum (PostgreSQL has its own autovacuum). */
  vacuum?: PgliteVacuum;
  /**
   * PGlite only: the data folder as a gzipped tar, taken while the database keeps serving (see
   * db/backup-socket.ts). Null for PostgreSQL, which has pg_dump.
   */
  dumpDataDir: (() => Promise<Buffer>) | null;
  close(): Promise<void>;
}

/**
 * A pooled connection can fail (the server restarts, an administrator ends it). When it is idle,
 * node-postgres emits 'error' on the pool, which would crash the process if nobody listened: the pool
 * drops that connection and opens a new one on the next query, so it is only worth a log line. When it
 * is checked out between two statements of a transaction, the error is emitted on the client itself,
 * where the pool listens no more: it would crash the process just the same. The client's next query
 * fails with it anyway (answered 503, see database-unavailable.ts) and the pool discards the client on
 * release, so that listener only has to exist.
 */
function keepPoolAlive(pool: pg.Pool, onError: (error: Error) => void): pg.Pool {
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', () => {});
    closeOnReadTimeout(client);
  });
  return pool;
}

/**
 * Nothing waits forever (issue 14). node-postgres' `query_timeout` answers a statement that has not
 * returned in time with "Query read timeout" (a 503, see database-unavailable.ts), but leaves the
 * statement running on the connection, and the transaction's ROLLBACK queued behind it would time out
 * unsent: the connection would go back to the pool inside a transaction. So such a connection is
 * closed: the server rolls its transaction back (PGlite's socket too, for the connection that held it)
 * and the pool opens a new one.
 */
function closeOnReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') client.end().catch(() => {});
      });
    }
    return result;
  };
}

/**
 * The deadline of every statement. PostgreSQL enforces `statement_timeout` itself (the statement is
 * cancelled, SQLSTATE 57014); the client's `query_timeout` follows a moment later for a server that
 * does not answer at all. PGlite cannot interrupt a statement, so the client's timeout is its only one.
 */
function timeouts(kind: DatabaseKind, statementTimeoutMs: number): pg.PoolConfig {
  if (statementTimeoutMs <= 0) return {};
  return kind === 'postgresql'
    ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS }
    : { query_timeout: statementTimeoutMs };
}

const CLIENT_TIMEOUT_MARGIN_MS = 1_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

// How long a query waits for a connection (a new one, or a turn on a busy pool) before it fails. During
// an outage requests then answer 503 within seconds instead of hanging until the client gives up.
const CONNECT_TIMEOUT_MS = 5_000;

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent, embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `null` means in memory (tests). */
  dataDir: string | null;
  poolSize?: number;
  /** Every statement's deadline (default 10 s); 0 turns it off. Migrations run without it. */
  statementTimeoutMs?: number;
  onIdleError?: (error: Error) => void;
  /** PGlite only: how often the embedded vacuum looks for tables to clean (default 5 minutes). */
  vacuumPeriodMs?: number;
  /** PGlite only: a vacuum pass failed (it runs again at the next period). */
  onVacuumError?: (error: Error) => void;
  /** PGlite only: a backup (from `dumpDataDir`) unpacked into the empty data folder before opening it. */
  loadDataDir?: Buffer;
}

const DEFAULT_VACUUM_PERIOD_MS = 5 * 60_000;

// node-postgres parses `timestamp with time zone` into Date already; bigint (int8) stays a string
// unless told otherwise. Counts and ids that fit in a double are read as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Opens the database. With DATABASE_URL: a real PostgreSQL through node-postgres. Without: PGlite
 * running on a worker thread and served over the Postgres wire protocol on a private Unix socket, so
 * the same driver and SQL serve both, and SQL never runs on the HTTP thread (docs/decisions/0002).
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const connection = { connectionString: options.databaseUrl };
    const pool = keepPoolAlive(
      new pg.Pool({
        ...connection,
        ...timeouts('postgresql', options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS),
        max: options.poolSize ?? 10,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      }),
      options.onIdleError ?? (() => {}),
    );
    return {
      db: drizzle(pool, { schema }),
      pool,
      kind: 'postgresql',
      listenerConfig: connection,
      dumpDataDir: null,
      close: () => pool.end(),
    };
  }
  return openPglite(options.dataDir, options.onIdleError ?? (() => {}), {
    statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    periodMs: options.vacuumPeriodMs ?? DEFAULT_VACUUM_PERIOD_MS,
    onError: options.onVacuumError ?? (() => {}),
    loadDataDir: options.loadDataDir,
  });
}

async function openPglite(
  dataDir: string | null,
  onIdleError: (error: Error) => void,
  options: {
    statementTimeoutMs: number;
    periodMs: number;
    onError: (error: Error) => void;
    loadDataDir: Buffer | undefined;
  },
): Promise<Database> {
  const releaseLock = dataDir ? lockDataDir(dataDir) : () => {};
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-pglite-'));
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: {
      dataDir: dataDir ? path.join(dataDir, 'pglite') : null,
      socketPath: path.join(socketDir, '.s.PGSQL.5432'),
      loadDataDir: options.loadDataDir,
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (message: { type: string; message?: string }) =>
        message.type === 'ready'
          ? resolve()
          : reject(new Error(`PGlite failed to start: ${message.message}`)),
      );
    });
  } catch (error) {
    await worker.terminate();
    releaseLock();
    throw error;
  }
  // PGlite has one session: a single connection, and the pool queues the rest in order.
  const pool = keepPoolAlive(
    new pg.Pool({
      host: socketDir,
      port: 5432,
      user: 'postgres',
      database: 'postgres',
      ...timeouts('pglite', options.statementTimeoutMs),
      max: 1,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    }),
    onIdleError,
  );
  const vacuum = new PgliteVacuum(pool, options.periodMs, options.onError);
  vacuum.start();
  let closed = false;
  let dumps = 0;
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'pglite',
    listenerConfig: null,
    vacuum,
    dumpDataDir: () =>
      new Promise<Buffer>((resolve, reject) => {
        const id = ++dumps;
        const onMessage = (message: { type: string; id?: number; bytes?: ArrayBuffer; error?: string }) => {
          if (message.type !== 'dumped' || message.id !== id) return;
          worker.off('message', onMessage);
          if (message.bytes) resolve(Buffer.from(message.bytes));
          else reject(new Error(`PGlite could not dump its data folder: ${message.error}`));
        };
        worker.on('message', onMessage);
        worker.postMessage({ type: 'dump', id });
      }),
    async close() {
      if (closed) return;
      closed = true;
      await vacuum.stop();
      await pool.end();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        worker.once('message', (message: { type: string }) => {
          if (message.type === 'closed') {
            clearTimeout(timer);
            resolve();
          }
        });
        worker.postMessage({ type: 'close' });
      });
      await worker.terminate();
      fs.rmSync(socketDir, { recursive: true, force: true });
      releaseLock();
    },
  };
}
