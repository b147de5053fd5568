import { spawnSync } from 'node:child_process';

/**
 * The bench database on the machine's PostgreSQL, created and dropped with `psql` (trust auth). Its name
 * is this run's own (or BENCH_PGDATABASE), so two runs on a shared machine never drop each other's.
 */
export const PG = {
  host: '127.0.0.1',
  port: 5432,
  user: process.env.BENCH_PGUSER ?? 'root',
  adminDatabase: 'test',
  benchDatabase: process.env.BENCH_PGDATABASE ?? `jalon_bench_${process.pid}`,
};

/** `name`: another database on the same server (the peer suite runs Planka beside Jalon on `planka_bench`). */
export const benchDatabaseUrl = (name = PG.benchDatabase) =>
  `postgres://${PG.user}@${PG.host}:${PG.port}/${name}`;

function psql(sql: string): void {
  const result = spawnSync(
    'psql',
    [
      '-h',
      PG.host,
      '-p',
      String(PG.port),
      '-U',
      PG.user,
      '-d',
      PG.adminDatabase,
      '-v',
      'ON_ERROR_STOP=1',
      '-q',
      '-c',
      sql,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  if (result.error) throw new Error(`psql failed: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`psql failed (${result.status}): ${result.stderr.trim()}`);
}

export function createBenchDatabase(name = PG.benchDatabase): void {
  dropBenchDatabase(name);
  psql(`CREATE DATABASE ${name}`);
}

export function dropBenchDatabase(name = PG.benchDatabase): void {
  psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
