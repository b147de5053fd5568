/**
 * Tells "the database is not there to answer" (stopped, restarting, unreachable, out of disk, the pool
 * waited too long) from "the database refused this statement". The first is an outage worth a 503 and
 * a retry; the second is a bug or a bad request.
 */

// SQLSTATE: class 08 connection exception; 57014 query cancelled (statement_timeout: a statement stuck
// past its deadline, issue 14); 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
// connect now (starting up, shutting down, in recovery); class 53 insufficient resources (53100 disk
// full, 53200 out of memory, 53300 too many connections).
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57014|57P0[123]|53[0-9A-Z]{3})$/;

// Socket errors on the way to the database. ENOENT counts only from connect(): PGlite's Unix socket
// is gone when its worker is.
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// node-postgres and its pool report a lost or unobtainable connection with plain messages, no code.
const UNAVAILABLE_DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  // A transaction's ROLLBACK after its statement timed out on the client (db/client.ts closes that connection).
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Query read timeout',
];

export interface UnavailableCause {
  /** The SQLSTATE, the socket error code, or `driver` for node-postgres's own messages. */
  code: string;
  message: string;
}

function classify(error: Error & { code?: unknown; syscall?: unknown }): UnavailableCause | null {
  const code = typeof error.code === 'string' ? error.code : '';
  if (
    UNAVAILABLE_SQLSTATE.test(code) ||
    UNAVAILABLE_SOCKET_CODES.has(code) ||
    (code === 'ENOENT' && error.syscall === 'connect')
  ) {
    return { code, message: error.message };
  }
  if (UNAVAILABLE_DRIVER_MESSAGES.includes(error.message)) return { code: 'driver', message: error.message };
  return null;
}

/**
 * The outage behind an error, looking through the wrappers (drizzle's "Failed query", `cause`,
 * AggregateError), or null when the error is something else. The cause found carries no SQL or
 * parameters, so it can be logged as it is.
 */
export function databaseUnavailableCause(error: unknown, depth = 0): UnavailableCause | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const found = classify(error);
  if (found) return found;
  for (const inner of error instanceof AggregateError ? error.errors : []) {
    const cause = databaseUnavailableCause(inner, depth + 1);
    if (cause) return cause;
  }
  return databaseUnavailableCause(error.cause, depth + 1);
}
