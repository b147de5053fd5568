import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableCause } from './database-unavailable.ts';

const sqlState = (code: string, message = 'server says no') =>
  Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
const wrapped = (cause: Error) =>
  new DrizzleQueryError('select * from tasks where title = $1', ['secret title'], cause);

/** The error node-postgres gets from a port nobody listens on (the real thing, not a copy). */
async function refusedConnection(): Promise<Error> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const client = new pg.Client({ host: '127.0.0.1', port, connectionTimeoutMillis: 2_000 });
  return client.connect().then(
    () => new Error('connected?'),
    (error: Error) => error,
  );
}

describe('databaseUnavailableCause', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['53100', 'could not extend file: No space left on device'],
    ['53300', 'sorry, too many clients already'],
    // A statement past DATABASE_STATEMENT_TIMEOUT_MS (issue 14): stuck, not wrong, so 503 and retry.
    ['57014', 'canceling statement due to statement timeout'],
  ])('counts SQLSTATE %s as an outage, inside drizzle’s wrapper too', (code, message) => {
    expect(databaseUnavailableCause(sqlState(code, message))).toEqual({ code, message });
    expect(databaseUnavailableCause(wrapped(sqlState(code, message)))).toEqual({ code, message });
  });

  it('counts a refused connection as an outage', async () => {
    const cause = databaseUnavailableCause(wrapped(await refusedConnection()));
    expect(cause?.code).toBe('ECONNREFUSED');
  });

  it.each([
    'timeout exceeded when trying to connect',
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'Cannot use a pool after calling end on the pool',
    'Query read timeout',
    'Client was closed and is not queryable',
  ])('counts the driver’s “%s” as an outage', (message) => {
    expect(databaseUnavailableCause(wrapped(new Error(message)))).toEqual({ code: 'driver', message });
  });

  it('finds a reset socket inside an AggregateError, and PGlite’s missing socket only from connect()', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(databaseUnavailableCause(new AggregateError([new Error('first'), reset]))?.code).toBe(
      'ECONNRESET',
    );
    const missingSocket = Object.assign(new Error('connect ENOENT /tmp/x/.s.PGSQL.5432'), {
      code: 'ENOENT',
      syscall: 'connect',
    });
    expect(databaseUnavailableCause(missingSocket)?.code).toBe('ENOENT');
    expect(
      databaseUnavailableCause(Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' })),
    ).toBeNull();
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['22P02', 'invalid input syntax for type uuid'],
    ['40001', 'could not serialize access'],
  ])('leaves SQLSTATE %s to the ordinary handling', (code, message) => {
    expect(databaseUnavailableCause(wrapped(sqlState(code, message)))).toBeNull();
  });

  it('leaves plain errors and non-errors alone', () => {
    expect(databaseUnavailableCause(new TypeError('x is undefined'))).toBeNull();
    expect(databaseUnavailableCause('ECONNREFUSED')).toBeNull();
  });
});
