import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, inject, openTestDatabase, signIn, type TestContext } from '../test/test-app.ts';
import { databaseUnavailableCause } from './database-unavailable.ts';

// Issue 14: nothing waits forever. Every statement has a deadline (DATABASE_STATEMENT_TIMEOUT_MS), on
// PostgreSQL (statement_timeout) and on PGlite (the client's timeout on its socket).

const DEADLINE_MS = 400;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ DATABASE_STATEMENT_TIMEOUT_MS: String(DEADLINE_MS) });
});
afterAll(() => ctx.close());

/** A second connection to the same database, outside the pool: another program holding it up. */
async function outsider(): Promise<pg.Client> {
  const client = new pg.Client(
    ctx.databaseUrl
      ? { connectionString: ctx.databaseUrl }
      : { ...(ctx.database.pool.options as pg.ClientConfig), query_timeout: undefined },
  );
  await client.connect();
  return client;
}

/** Retries until the database answers again (PGlite serves one statement at a time). */
async function settled(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (
      await ctx.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the database did not come back');
}

describe('statement deadline', () => {
  it('fails a statement that runs past it as an outage, and the pool keeps working', async () => {
    const error = await ctx.db.execute(sql`select pg_sleep(1.5)`).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(databaseUnavailableCause(error)).not.toBeNull();
    await settled();
    expect((await ctx.db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('rolls back a transaction whose statement ran past it, and hands no connection back inside it', async () => {
    // A database of its own: the app's background statements (health probe, vacuum) would otherwise
    // retire the connection by themselves and hide what this test looks at.
    const { database, drop } = await openTestDatabase(DEADLINE_MS);
    try {
      const { db } = database;
      await db.execute(sql`create table deadline_probe (n int)`);
      const error = await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into deadline_probe values (1)`);
          await tx.execute(sql`select pg_sleep(1.5)`);
        })
        .then(
          () => null,
          (caught: unknown) => caught,
        );
      expect(databaseUnavailableCause(error)).not.toBeNull();
      // Wait for the stuck statement to end rather than retry: a failed retry closes the connection too.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // The next statement runs in a transaction of its own (an open one would have started earlier),
      // and the timed-out transaction's insert is gone.
      const [state] = (
        await db.execute<{ fresh: boolean; rows: number }>(
          sql`select now() = statement_timestamp() as fresh, (select count(*)::int from deadline_probe) as rows`,
        )
      ).rows;
      expect(state).toEqual({ fresh: true, rows: 0 });
    } finally {
      await database.close();
      await drop();
    }
  });

  it('answers 503 database_unavailable to a request stuck behind another program, instead of hanging', async () => {
    const { token } = await signIn(ctx);
    const blocker = await outsider();
    try {
      // PostgreSQL: the table is locked until the blocker's transaction ends. PGlite: it is busy.
      await blocker.query('begin');
      await blocker.query('lock table users in access exclusive mode');
      const sleeping = ctx.databaseUrl ? null : blocker.query('select pg_sleep(2)');
      const started = Date.now();
      const response = await inject(ctx.app, { method: 'POST', url: '/api/2fa/setup', token, payload: {} });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('database_unavailable');
      expect(Date.now() - started).toBeLessThan(5_000);
      await sleeping;
    } finally {
      await blocker.query('rollback').catch(() => {});
      await blocker.end();
    }
    await settled();
    expect((await inject(ctx.app, { method: 'GET', url: '/api/2fa/status', token })).statusCode).toBe(200);
  });
});
