import { sql } from 'drizzle-orm';
import type { SyncApplied, SyncConflict } from '@jalon/contract';
import { jsonEqual } from '@jalon/sync';
import type { Db } from '../../db/client.ts';
import { loggedWrites, type LoggedWrite } from './sync-fault-sql.ts';
import {
  ReferenceModel,
  type ModelEvent,
  type ModelLabel,
  type ModelProject,
  type ModelTask,
} from './sync-reference-model.ts';
import type { RunState } from './sync-run-steps.ts';

/**
 * What must hold after quiescence (docs/sync-protocol.md, "What holds"); answers every violation found, in words, so a failing
 * run says all that went wrong at once.
 */
export interface Rows {
  tasks: ModelTask[];
  projects: ModelProject[];
  labels: ModelLabel[];
}

export async function snapshotRows(db: Db): Promise<Rows> {
  const tasks = await db.execute<{
    id: string;
    version: number;
    deleted: boolean;
    created_by: string;
    title: string;
    progress: number;
    status: string;
    project_id: string;
    labels: string[];
  }>(
    sql`select id, version, deleted_at is not null as deleted, created_by, title, progress, status, project_id,
          array_to_json(labels) as labels from tasks order by id`,
  );
  const labels = await db.execute<{
    id: string;
    version: number;
    deleted: boolean;
    created_by: string;
    name: string;
  }>(sql`select id, version, deleted_at is not null as deleted, created_by, name from labels order by id`);
  const projects = await db.execute<{
    id: string;
    version: number;
    deleted: boolean;
    owner_id: string;
    name: string;
  }>(sql`select id, version, deleted_at is not null as deleted, owner_id, name from projects order by id`);
  return {
    tasks: tasks.rows.map((row) => ({
      id: row.id,
      version: row.version,
      deleted: row.deleted,
      createdBy: row.created_by,
      title: row.title,
      progress: row.progress,
      status: row.status,
      project: row.project_id,
      labels: row.labels,
    })),
    labels: labels.rows.map((row) => ({
      id: row.id,
      version: row.version,
      deleted: row.deleted,
      createdBy: row.created_by,
      name: row.name,
    })),
    projects: projects.rows.map((row) => ({
      id: row.id,
      version: row.version,
      deleted: row.deleted,
      ownerId: row.owner_id,
      name: row.name,
    })),
  };
}

export async function checkRun(state: RunState, initial: Rows): Promise<string[]> {
  const errors: string[] = [...state.wentBack];
  const writes = await loggedWrites(state.ctx.db);
  await checkDevices(state, errors);
  const events = [
    ...batchEvents(state, errors),
    ...restEvents(state, writes, errors),
    ...state.purges.map((purge) => ({
      kind: 'purge' as const,
      changeSeq: purge.from,
      until: purge.until,
      ids: purge.ids,
    })),
  ];
  const model = new ReferenceModel();
  for (const task of initial.tasks) model.tasks.set(task.id, task);
  for (const project of initial.projects) model.projects.set(project.id, project);
  for (const label of initial.labels) model.labels.set(label.id, label);
  model.replay(events);
  errors.push(...model.mismatches);
  const final = await snapshotRows(state.ctx.db);
  const sorted = <T extends { id: string }>(rows: Iterable<T>) =>
    [...rows].sort((a, b) => a.id.localeCompare(b.id));
  if (!jsonEqual(sorted(model.tasks.values()), final.tasks))
    errors.push(
      `tasks differ from the model:\n model ${JSON.stringify(sorted(model.tasks.values()))}\n server ${JSON.stringify(final.tasks)}`,
    );
  if (!jsonEqual(sorted(model.projects.values()), final.projects))
    errors.push(
      `projects differ from the model:\n model ${JSON.stringify(sorted(model.projects.values()))}\n server ${JSON.stringify(final.projects)}`,
    );
  if (!jsonEqual(sorted(model.labels.values()), final.labels))
    errors.push(
      `labels differ from the model:\n model ${JSON.stringify(sorted(model.labels.values()))}\n server ${JSON.stringify(final.labels)}`,
    );
  checkVersions(writes, errors);
  await checkCounts(state.ctx.db, errors);
  return errors;
}

/** Every device: nothing left to send, no open conflict, its view equal to a fresh full read, no `tmp-` id. */
async function checkDevices(state: RunState, errors: string[]): Promise<void> {
  const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
  const serverConflicts = conflictSeqsByClient(state);
  for (const device of state.devices) {
    const { client } = device;
    const entries = await client.entries();
    if (entries.length > 0) errors.push(`${device.name}: outbox not empty: ${JSON.stringify(entries)}`);
    const meta = await client.meta();
    if (meta.paused) errors.push(`${device.name}: paused (${meta.paused})`);
    const [registered] = (
      await state.ctx.db.execute<{ last_seq: number }>(
        sql`select last_seq from sync_clients where id = ${client.clientId}`,
      )
    ).rows;
    if ((registered?.last_seq ?? 0) !== meta.lastSeq)
      errors.push(
        `${device.name}: device assigned up to seq ${meta.lastSeq}, server processed ${registered?.last_seq ?? 0}`,
      );
    for (const entity of ['task', 'project', 'label'] as const) {
      const view = byId(await client.view(entity));
      const fresh = byId(await state.network.fullRead(device.user, entity));
      if (!jsonEqual(view, fresh))
        errors.push(
          `${device.name}: ${entity} view differs from a fresh full read:\n view ${JSON.stringify(view)}\n read ${JSON.stringify(fresh)}`,
        );
      if (JSON.stringify(view).includes('tmp-'))
        errors.push(`${device.name}: a tmp- id is left in the ${entity} view`);
    }
    // One record per conflict the server answered, each settled by its resolution.
    const records = await client.conflicts();
    const recorded = records.map((record) => record.seq).sort((a, b) => a - b);
    const answered = [...(serverConflicts.get(client.clientId) ?? [])].sort((a, b) => a - b);
    if (!jsonEqual(recorded, answered))
      errors.push(
        `${device.name}: conflict records for seqs ${recorded}, server conflicts at seqs ${answered}`,
      );
    if (new Set(records.map((record) => record.id)).size !== records.length)
      errors.push(`${device.name}: a conflict recorded twice`);
    if (records.some((record) => !record.resolved)) errors.push(`${device.name}: a conflict left open`);
    await client.clearConflicts();
  }
}

/** The fresh conflicts (not `already_applied`) the server answered each device. */
function conflictSeqsByClient(state: RunState): Map<string, Set<number>> {
  const result = new Map<string, Set<number>>();
  for (const event of batchEvents(state, [])) {
    const seqs = result.get(event.request.clientId) ?? new Set<number>();
    for (const conflict of event.answer.conflicts)
      if (conflict.seq >= event.freshFrom && conflict.reason !== 'already_applied') seqs.add(conflict.seq);
    result.set(event.request.clientId, seqs);
  }
  return result;
}

/**
 * The answered batches in change-sequence order, each marked with its first fresh `seq`; checks that
 * each device's operations were processed in order, each once, and that a replay answers the stored result.
 */
function batchEvents(state: RunState, errors: string[]): Array<Extract<ModelEvent, { kind: 'batch' }>> {
  const processed = new Map<string, number>();
  const results = new Map<string, SyncApplied | SyncConflict>();
  const events: Array<Extract<ModelEvent, { kind: 'batch' }>> = [];
  for (const { userId, request, answer } of [...state.network.answered].sort(
    (a, b) => a.answer.changeSeq - b.answer.changeSeq,
  )) {
    const before = processed.get(request.clientId) ?? 0;
    const fresh = request.operations
      .filter((operation) => operation.seq > before)
      .map((operation) => operation.seq);
    const expected = Array.from({ length: answer.lastSeq - before }, (_, index) => before + 1 + index);
    if (!jsonEqual(fresh, expected))
      errors.push(
        `${request.clientId}: batch ${answer.changeSeq} processed seqs ${fresh} after ${before}, answered lastSeq ${answer.lastSeq}`,
      );
    for (const result of [...answer.applied, ...answer.conflicts]) {
      const key = `${request.clientId}:${result.seq}`;
      const stored = results.get(key);
      if (result.seq > before) results.set(key, result);
      else if (
        stored &&
        !('reason' in result && result.reason === 'already_applied') &&
        !jsonEqual(stored, result)
      ) {
        errors.push(
          `${key}: a replay answered ${JSON.stringify(result)}, first answered ${JSON.stringify(stored)}`,
        );
      }
    }
    processed.set(request.clientId, Math.max(before, answer.lastSeq));
    events.push({
      kind: 'batch',
      changeSeq: answer.changeSeq,
      userId,
      request,
      answer,
      freshFrom: before + 1,
    });
  }
  return events;
}

/** REST writes placed at the change sequence that wrote them, found in the write log. */
function restEvents(state: RunState, writes: LoggedWrite[], errors: string[]): ModelEvent[] {
  return state.restEvents.flatMap((event): ModelEvent[] => {
    const write = writes.find(
      (candidate) =>
        candidate.id === event.id &&
        (event.op === 'delete'
          ? candidate.deleted
          : candidate.version === (event.op === 'create' ? 0 : event.version)),
    );
    if (!write) {
      errors.push(`REST ${event.op} of ${event.id} is not in the write log`);
      return [];
    }
    return [
      {
        kind: 'rest',
        changeSeq: write.changeSeq,
        userId: state.users.c.id,
        entity: event.entity ?? 'task',
        op: event.op,
        id: event.id,
        version: event.version,
        data: event.data,
      },
    ];
  });
}

/**
 * Per row, versions never go back in change-sequence order. One batch may raise a row by several (a
 * create and its project's delete land as one row write): the model checks each operation's version.
 */
function checkVersions(writes: LoggedWrite[], errors: string[]): void {
  const last = new Map<string, LoggedWrite>();
  for (const write of [...writes].sort((a, b) => a.changeSeq - b.changeSeq)) {
    const previous = last.get(write.id);
    if (previous && write.version < previous.version)
      errors.push(
        `${write.entity} ${write.id}: version ${write.version} written at ${write.changeSeq} after ${previous.version}`,
      );
    last.set(write.id, write);
  }
}

/** Each live project's kept count and progress sum, and the dashboard's counts, equal its live tasks'. */
async function checkCounts(db: Db, errors: string[]): Promise<void> {
  const projects = await db.execute<{
    id: string;
    task_count: number;
    progress_sum: number;
    live: number;
    progress: number;
  }>(sql`
    select p.id, p.task_count, p.progress_sum, count(t.id)::int as live,
           coalesce(sum(case when t.status = 'done' then 100 else t.progress end), 0)::int as progress
      from projects p left join tasks t on t.project_id = p.id and t.deleted_at is null
     where p.deleted_at is null group by p.id`);
  for (const row of projects.rows) {
    if (row.task_count !== row.live || row.progress_sum !== row.progress)
      errors.push(
        `project ${row.id}: kept ${row.task_count} tasks / ${row.progress_sum}, live ${row.live} / ${row.progress}`,
      );
  }
  const counts = await db.execute<{ key: string; kept: number; live: number }>(sql`
    with kept as (select project_id, status, priority, count from task_counts where count <> 0),
         live as (select t.project_id, t.status, t.priority, count(*)::int as count from tasks t join projects p on p.id = t.project_id
                   where t.deleted_at is null and p.deleted_at is null group by 1, 2, 3)
    select concat_ws('|', coalesce(k.project_id, l.project_id), coalesce(k.status, l.status), coalesce(k.priority, l.priority)) as key,
           coalesce(k.count, 0)::int as kept, coalesce(l.count, 0)::int as live
      from kept k full join live l on k.project_id = l.project_id and k.status = l.status and k.priority = l.priority
     where coalesce(k.count, 0) <> coalesce(l.count, 0)`);
  for (const row of counts.rows) errors.push(`task_counts ${row.key}: kept ${row.kept}, live ${row.live}`);
}
