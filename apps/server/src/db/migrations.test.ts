import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
import { openDatabase, type Database } from './client.ts';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';

// Migrations that fill new tables from existing rows, run on a database that has those rows: the
// database is migrated up to the one before, given data as the older server wrote it, then migrated on.

/** A copy of the migrations that stops before `tag` (the journal lists what drizzle applies). */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'jalon-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index, `no migration ${tag}`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

let database: Database;
let scratch: ScratchDatabase | null = null;
let olderMigrations: string;
beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
  database = await openDatabase(scratch ? { databaseUrl: scratch.url, dataDir: null } : { dataDir: null });
  olderMigrations = migrationsBefore('0014_notifications_sso_logout_sub_task_order');
  await runMigrations(database.pool, olderMigrations);
});
afterAll(async () => {
  await database.close();
  await scratch?.drop();
  fs.rmSync(olderMigrations, { recursive: true, force: true });
});

describe('0014: the watchers of the tasks written before notifications', () => {
  it('are their creator, assignee, commenters and the people their comments mention', async () => {
    const query = (text: string, values: unknown[] = []) => database.pool.query(text, values);
    const people = ['camille', 'bob', 'chloe', 'david', 'eve'];
    const ids: Record<string, string> = {};
    for (const name of people) {
      const row = await query(
        `insert into users (email, username, password_hash) values ($1, $2, 'x') returning id`,
        [`${name}@example.org`, name],
      );
      ids[name] = row.rows[0].id as string;
    }
    const project = await query(
      `insert into projects (name, description, deadline, owner_id, version, change_seq)
       values ('Salon du livre', '', now() + interval '30 days', $1, 0, 1) returning id`,
      [ids.camille],
    );
    const task = await query(
      `insert into tasks (project_id, title, created_by, assignee_id, version, change_seq)
       values ($1, 'Imprimer les kakémonos', $2, $3, 0, 1) returning id`,
      [project.rows[0].id, ids.camille, ids.bob],
    );
    const taskId = task.rows[0].id as string;
    await query(
      `insert into comments (task_id, body, mentions, created_by, version, change_seq)
       values ($1, $2, $3::jsonb, $4, 0, 1)`,
      [taskId, `Vu avec <@${ids.david}>`, JSON.stringify([ids.david]), ids.chloe],
    );

    await runMigrations(database.pool);

    const watchers = await query(
      `select u.username, w.watching from task_watchers w join users u on u.id = w.user_id
        where w.task_id = $1 order by u.username`,
      [taskId],
    );
    // Eve has nothing to do with the task.
    expect(watchers.rows).toEqual(
      ['bob', 'camille', 'chloe', 'david'].map((username) => ({ username, watching: true })),
    );
  });
});
