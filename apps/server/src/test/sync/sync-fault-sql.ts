import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Test-only instruments of the sync property test, installed in its own database: a log of every row
 * state written to `tasks`, `projects` and `labels` (with the change sequence that wrote it), and a failure that
 * can be armed to strike the k-th row written from then on, once (the sequence is not transactional,
 * so the retry of the rolled-back transaction passes, as after a transient database error).
 */
export async function installInstruments(db: Db): Promise<void> {
  await db.execute(sql`create table prop_writes (n bigserial primary key, entity text not null, id uuid not null, version int not null,
    change_seq bigint not null, deleted boolean not null)`);
  await db.execute(sql`create table prop_fault (id int primary key, strike_at bigint)`);
  await db.execute(sql`insert into prop_fault values (1, null)`);
  await db.execute(sql`create sequence prop_fault_rows`);
  await db.execute(sql`create function prop_instrument() returns trigger language plpgsql as $$
    declare strike bigint;
    begin
      insert into prop_writes (entity, id, version, change_seq, deleted) values (TG_ARGV[0], NEW.id, NEW.version, NEW.change_seq, NEW.deleted_at is not null);
      select strike_at into strike from prop_fault where id = 1;
      if strike is not null and nextval('prop_fault_rows') = strike then
        raise exception 'injected failure at row %', strike;
      end if;
      return null;
    end $$`);
  for (const [table, entity] of [
    ['tasks', 'task'],
    ['projects', 'project'],
    ['labels', 'label'],
  ] as const) {
    await db.execute(
      sql.raw(
        `create trigger prop_instrument after insert or update on ${table} for each row execute function prop_instrument('${entity}')`,
      ),
    );
  }
}

/** The next `k`-th row written (by anyone) fails its transaction; `null` disarms. */
export async function armFailure(db: Db, k: number | null): Promise<void> {
  if (k === null) {
    await db.execute(sql`update prop_fault set strike_at = null where id = 1`);
    return;
  }
  await db.execute(
    sql`update prop_fault set strike_at = (select last_value + ${k} from prop_fault_rows) where id = 1`,
  );
}

export interface LoggedWrite {
  entity: 'task' | 'project' | 'label';
  id: string;
  version: number;
  changeSeq: number;
  deleted: boolean;
}

export async function loggedWrites(db: Db): Promise<LoggedWrite[]> {
  const result = await db.execute<{
    entity: LoggedWrite['entity'];
    id: string;
    version: number;
    change_seq: string | number;
    deleted: boolean;
  }>(sql`select entity, id, version, change_seq, deleted from prop_writes order by n`);
  return result.rows.map((row) => ({
    entity: row.entity,
    id: row.id,
    version: Number(row.version),
    changeSeq: Number(row.change_seq),
    deleted: row.deleted,
  }));
}

/** A fresh start for the next run: no entity, no write logged, nothing armed. */
export async function wipeEntities(db: Db): Promise<void> {
  await db.execute(sql`update prop_fault set strike_at = null where id = 1`);
  for (const table of ['prop_writes', 'task_events', 'task_counts', 'tasks', 'projects', 'labels'])
    await db.execute(sql.raw(`delete from ${table}`));
}

export async function changeCounterValue(db: Db): Promise<number> {
  const result = await db.execute<{ value: string | number }>(
    sql`select value from change_counter where id = 1`,
  );
  return Number(result.rows[0]!.value);
}

/** Every tombstone of the run made older than the horizon; answers their ids (a failure armed may refuse it). */
export async function ageTombstones(db: Db, days: number): Promise<string[]> {
  const result = await db.transaction(async (tx) => {
    const tasks = await tx.execute<{ id: string }>(
      sql`update tasks set deleted_at = now() - make_interval(days => ${days}) where deleted_at is not null returning id`,
    );
    const projects = await tx.execute<{ id: string }>(
      sql`update projects set deleted_at = now() - make_interval(days => ${days}) where deleted_at is not null returning id`,
    );
    return [...tasks.rows, ...projects.rows].map((row) => row.id);
  });
  return result;
}
