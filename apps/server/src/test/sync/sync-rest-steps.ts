import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SyncBatchRequest } from '@jalon/contract';
import { inject } from '../test-app.ts';
import { ageTombstones, changeCounterValue } from './sync-fault-sql.ts';
import { pick, type HostileOperation, type RestAction, type RunState } from './sync-run-steps.ts';
import { TombstonePurge } from '../../modules/sync/tombstone-purge.ts';

/** The steps of the REST user (user c) and of the server's own upkeep: writes, purges, a revoked session. */

/** Every tombstone so far made older than the horizon, then purged; recorded for the model. */
export async function purgeTombstones(state: RunState): Promise<void> {
  const { ctx } = state;
  const from = await changeCounterValue(ctx.db);
  // The armed failure may strike the ageing itself: then there is no purge this time.
  const aged = await ageTombstones(ctx.db, 31).catch((error: unknown) => {
    if (isInjectedFailure(error)) return null;
    throw error;
  });
  if (!aged || aged.length === 0) return;
  await new TombstonePurge(ctx.db, 30).runOnce();
  const until = await changeCounterValue(ctx.db);
  const left = await ctx.db.execute<{ id: string }>(
    sql`select id from tasks where id = any(${`{${aged.join(',')}}`}::uuid[]) union all select id from projects where id = any(${`{${aged.join(',')}}`}::uuid[])`,
  );
  const kept = new Set(left.rows.map((row) => row.id));
  state.purges.push({ from, until, ids: aged.filter((id) => !kept.has(id)) });
}

function isInjectedFailure(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause)
    if (current.message.includes('injected failure')) return true;
  return false;
}

export async function playRest(state: RunState, action: RestAction): Promise<void> {
  const { ctx, users, network } = state;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => inject(ctx.app, { method, url, token: users.c.token, payload, headers });
  await network.gate(`REST ${action.kind}`);
  switch (action.kind) {
    case 'restPatch': {
      const task = pick(
        (await call('GET', '/api/tasks?limit=5000')).json().data as Array<{ id: string; version: number }>,
        action.target,
      );
      if (!task) return;
      await network.gate(`REST patch ${task.id} lands`);
      const response = await call(
        'PATCH',
        `/api/tasks/${task.id}`,
        { title: action.title },
        { 'x-entity-version': String(task.version) },
      );
      // A title equal to the task's changes nothing: no new version, nothing for the model to follow.
      if (response.statusCode === 200 && response.json().data.version !== task.version)
        state.restEvents.push({
          op: 'patch',
          id: task.id,
          version: response.json().data.version,
          data: { title: action.title },
        });
      return;
    }
    case 'restCreate': {
      const project = pick(
        (await call('GET', '/api/projects')).json().data as Array<{ id: string }>,
        action.project,
      );
      if (!project) return;
      await network.gate(`REST create in ${project.id} lands`);
      const response = await call('POST', '/api/tasks', { title: action.title, project: project.id });
      if (response.statusCode === 201)
        state.restEvents.push({
          op: 'create',
          id: response.json().data.id,
          data: { title: action.title, project: project.id },
        });
      return;
    }
    case 'restDelete': {
      const own = (
        (await call('GET', '/api/tasks?limit=5000')).json().data as Array<{ id: string; createdBy: string }>
      ).filter((task) => task.createdBy === users.c.id);
      const task = pick(own, action.target);
      if (!task) return;
      await network.gate(`REST delete ${task.id} lands`);
      const response = await call('DELETE', `/api/tasks/${task.id}`);
      if (response.statusCode === 200) state.restEvents.push({ op: 'delete', id: task.id, data: {} });
      return;
    }
    case 'deleteLabel': {
      const label = pick(
        (await call('GET', '/api/labels')).json().data as Array<{ id: string }>,
        action.target,
      );
      if (!label) return;
      await network.gate(`REST delete of label ${label.id} lands`);
      const response = await inject(ctx.app, {
        method: 'DELETE',
        url: `/api/labels/${label.id}`,
        token: users.admin.token,
      });
      if (response.statusCode === 200)
        state.restEvents.push({ entity: 'label', op: 'delete', id: label.id, data: {} });
      return;
    }
    case 'purge': {
      // Later in the run, once devices have sent deletes: every tombstone so far is made older than the
      // horizon, then purged; devices that were away must read everything again.
      for (let wait = 0; wait < action.after; wait += 1) await network.gate('REST purge waits');
      await purgeTombstones(state);
      return;
    }
    case 'revoke': {
      if (state.revoked) return;
      const response = await inject(ctx.app, {
        method: 'DELETE',
        url: `/api/auth/sessions/${users.a.sessionId}`,
        token: users.a.token,
      });
      if (response.statusCode !== 200) throw new Error(`revoke: ${response.statusCode} ${response.body}`);
      state.revoked = true;
      return;
    }
    case 'signIn':
      if (state.revoked) await state.signInAgain();
      return;
    case 'rogueBatch':
      return sendRogueBatch(state, action.target, action.hostile);
  }
}

type Operation = SyncBatchRequest['operations'][number];
type Unnumbered = Omit<Operation, 'seq'>;

/**
 * The REST user's device sends a hostile operation and a plain one after it, as raw JSON: the batch must
 * be answered (never a 500, never refused whole), the hostile one `invalid`; the model replays it.
 */
async function sendRogueBatch(state: RunState, target: number, hostile: HostileOperation): Promise<void> {
  const { ctx, users, network, rogue } = state;
  const read = async (path: string) =>
    (await inject(ctx.app, { method: 'GET', url: path, token: users.c.token })).json().data as Array<{
      id: string;
      version: number;
      project?: string;
    }>;
  const task = pick(await read('/api/tasks?limit=5000'), target);
  const project = pick(await read('/api/projects'), target);
  if (!task || !project) return;
  const operations = [
    hostileOperation(hostile, task, project.id),
    {
      entity: 'task' as const,
      op: 'patch' as const,
      id: task.id,
      version: task.version,
      data: { progress: 10 },
    },
  ].map((operation, index): Operation => ({ ...operation, seq: rogue.nextSeq + index }));
  await network.gate('REST rogue batch lands');
  const response = await network.batch(users.c, {
    schemaVersion: 1,
    clientId: rogue.clientId,
    userId: users.c.id,
    operations,
  });
  // A failure another actor armed in the database may strike this batch: it rolled back whole.
  if (response.status >= 500 && network.armed > 0) return;
  if (response.status !== 200)
    throw new Error(`rogue batch answered ${response.status}: ${JSON.stringify(response.body)}`);
  const answer = response.body as { conflicts: Array<{ seq: number; reason: string }> };
  if (!answer.conflicts.some((conflict) => conflict.seq === rogue.nextSeq && conflict.reason === 'invalid'))
    throw new Error(`rogue ${hostile.kind} was not answered invalid: ${JSON.stringify(answer)}`);
  rogue.nextSeq += operations.length;
}

function hostileOperation(
  hostile: HostileOperation,
  task: { id: string; version: number },
  projectId: string,
): Unnumbered {
  const create = { op: 'upsert' as const, version: 0 };
  switch (hostile.kind) {
    case 'shoutCreate':
      return hostile.entity === 'task'
        ? {
            ...create,
            entity: 'task',
            id: `tmp-${task.id.toUpperCase()}`,
            data: { title: 'Écrasée', project: projectId },
          }
        : {
            ...create,
            entity: 'project',
            id: `tmp-${projectId.toUpperCase()}`,
            data: { name: 'Prise', description: '', deadline: '2027-06-30T12:00:00.000Z' },
          };
    case 'loudTmp':
      return {
        ...create,
        entity: 'task',
        id: `TMP-${randomUUID()}`,
        data: { title: 'Criée', project: projectId },
      };
    case 'upperPatch':
      return {
        entity: 'task',
        op: 'patch',
        id: task.id.toUpperCase(),
        version: task.version,
        data: { title: 'Criée' },
      };
    case 'upperReference':
      return {
        ...create,
        entity: 'task',
        id: `tmp-${randomUUID()}`,
        data: { title: 'Criée', project: projectId.toUpperCase() },
      };
    case 'badText':
      return hostile.inBase
        ? {
            entity: 'task',
            op: 'patch',
            id: task.id,
            version: task.version,
            data: { title: 'Bien' },
            base: { title: hostile.text },
          }
        : {
            ...create,
            entity: 'task',
            id: `tmp-${randomUUID()}`,
            data: { title: hostile.text, project: projectId },
          };
    case 'deepArray':
      return {
        ...create,
        entity: 'task',
        id: `tmp-${randomUUID()}`,
        data: { title: nested(hostile.depth), project: projectId },
      };
  }
}

/** An array nested `depth` deep, built without recursion. */
function nested(depth: number): unknown[] {
  let value: unknown[] = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}
