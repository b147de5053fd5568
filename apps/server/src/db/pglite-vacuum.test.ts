import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

const settle = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms),
    ),
  ]);

describe('the embedded database vacuum (its own PGlite, whichever database the suite runs on)', () => {
  let database: Database;
  let dataDir: string;
  const errors: Error[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-vacuum-'));
    // A period longer than the test: passes are started by hand.
    database = await openDatabase({
      dataDir,
      vacuumPeriodMs: 3_600_000,
      onVacuumError: (error) => errors.push(error),
    });
    await database.pool.query('create table churn (id int primary key, body text)');
    await database.pool.query(`insert into churn select g, md5(g::text) from generate_series(1, 5000) g`);
    await database.pool.query(`update churn set body = body || 'x'`);
    // Postgres publishes a session's table statistics at most once a second, at the end of a statement.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await database.pool.query('select 1');
  });

  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('cleans the tables with dead rows while other work goes on, and the database keeps answering', async () => {
    const work = Array.from({ length: 20 }, (_, index) =>
      index % 2 === 0
        ? database.pool.query('select count(*) from churn')
        : database.db.transaction(async (tx) => {
            await tx.execute(`update churn set body = 'edited' where id = ${index}`);
          }),
    );
    await settle(
      Promise.all([database.vacuum!.runOnce(), ...work]),
      20_000,
      'the vacuum and the queries beside it',
    );

    const { rows } = await database.pool.query<{ vacuumed: boolean; dead: number }>(
      `select last_vacuum is not null as vacuumed, n_dead_tup as dead from pg_stat_user_tables where relname = 'churn'`,
    );
    expect(rows[0]).toEqual({ vacuumed: true, dead: expect.any(Number) });
    expect(rows[0]!.dead).toBeLessThan(100);
    expect(database.vacuum!.passes).toBe(1);
    expect(errors).toEqual([]);
    // The database still answers once the pass is over (the old in-worker vacuum left it locked for good).
    await settle(database.pool.query('select 1'), 5_000, 'a query after the vacuum');
  });

  it('joins a pass already under way instead of starting a second one', async () => {
    const first = database.vacuum!.runOnce();
    const second = database.vacuum!.runOnce();
    expect(second).toBe(first);
    await settle(first, 20_000, 'the joined pass');
  });
});
