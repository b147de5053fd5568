import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { auditLog, projects, taskCounts, taskEvents, tasks } from '../../db/schema.ts';
import { inject } from '../../test/test-app.ts';
import { Device, openSyncBed, real, tmp, type SyncBed } from '../../test/sync/sync-test-kit.ts';

/**
 * The same writes made through REST and through one-operation sync batches leave the same rows, counts,
 * history and audit rows, field by field. A rule written in a REST service rather than in the entity's
 * rules (a default, `completedAt`, a project's progress, a history event, an audit wording) makes the two
 * sides differ here.
 */
let ctx: SyncBed['ctx'];
let alice: SyncBed['alice'];

beforeAll(async () => void ({ ctx, alice } = await openSyncBed('Chemin unique')));
afterAll(() => ctx.close());

const rest = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  inject(ctx.app, { method, url, token: alice.token, payload });

/** Two projects per side: one the task starts in, one it moves to. */
async function projectPair(side: string) {
  const make = async (name: string) =>
    (
      await rest('POST', '/api/projects', {
        name: `${side} ${name}`,
        description: 'Comparé',
        deadline: '2027-06-30T12:00:00Z',
      })
    ).json().data.id as string;
  return { from: await make('départ'), to: await make('arrivée') };
}

/** What a write leaves behind, without what differs by nature (ids, times, change sequences, names). */
async function traces(taskId: string, pair: { from: string; to: string }) {
  const side = (id: string) => (id === pair.from ? 'from' : id === pair.to ? 'to' : id);
  const [task] = await ctx.db.select().from(tasks).where(eq(tasks.id, taskId));
  const {
    id: _id,
    projectId,
    createdAt: _c,
    updatedAt: _u,
    changeSeq: _s,
    completedAt,
    deletedAt,
    ...fields
  } = task!;
  const projectRows = await Promise.all(
    [pair.from, pair.to].map(
      async (id) => (await ctx.db.select().from(projects).where(eq(projects.id, id)))[0]!,
    ),
  );
  const history = await ctx.db
    .select()
    .from(taskEvents)
    .where(eq(taskEvents.taskId, taskId))
    .orderBy(asc(taskEvents.id));
  const counts = await Promise.all(
    [pair.from, pair.to].map((id) => ctx.db.select().from(taskCounts).where(eq(taskCounts.projectId, id))),
  );
  const audits = await ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.resource, `task:${taskId}`))
    .orderBy(asc(auditLog.id));
  return {
    task: {
      ...fields,
      project: side(projectId),
      completed: completedAt !== null,
      deleted: deletedAt !== null,
    },
    projects: projectRows.map((row) => ({
      taskCount: row.taskCount,
      progressSum: row.progressSum,
      version: row.version,
    })),
    history: history.map((event) => ({ kind: event.kind, project: side(event.projectId) })),
    counts: counts.map((rows) =>
      rows.map((row) => ({ status: row.status, priority: row.priority, count: row.count })),
    ),
    audits: audits.map((row) => {
      const { via: _via, project, changes, ...metadata } = row.metadata as Record<string, unknown>;
      return {
        type: row.type,
        actor: row.actorId,
        details: row.details.replace(taskId, '<id>'),
        metadata: {
          ...metadata,
          ...(project !== undefined && { project: side(project as string) }),
          ...(changes !== undefined && { changes: sideChanges(changes, side) }),
        },
      };
    }),
  };
}

/** An audit row's `{field: [before, after]}`, the projects named by side and the moment of completion by whether it is set. */
const sideChanges = (changes: unknown, side: (id: string) => string) =>
  Object.fromEntries(
    Object.entries(changes as Record<string, [unknown, unknown]>).map(([field, [before, after]]) => {
      if (field === 'projectId') return [field, [side(before as string), side(after as string)]];
      if (field === 'completedAt') return [field, [before !== null, after !== null]];
      return [field, [before, after]];
    }),
  );

describe('REST writes and one-operation batches, one set of rules', () => {
  it('leave the same task, project counters, dashboard counts, history and audit rows, step by step', async () => {
    const viaRest = await projectPair('REST');
    const viaBatch = await projectPair('Lot');
    const device = new Device(ctx, alice);
    const created = {
      title: '  Comparer  ',
      description: 'Les deux chemins',
      status: 'doing',
      priority: 'high',
      progress: 40,
      deadline: '2027-01-15T09:00:00+01:00',
      estimatedMinutes: 90,
    };

    const restTask = (await rest('POST', '/api/tasks', { ...created, project: viaRest.from })).json().data;
    const taskTmp = tmp();
    await device.ok([{ op: 'upsert', id: taskTmp, data: { ...created, project: viaBatch.from } }]);
    const batchTaskId = real(taskTmp);
    expect(await traces(batchTaskId, viaBatch)).toEqual(await traces(restTask.id, viaRest));

    // Done (completedAt, the project's progress, a history event), then moved and reopened.
    const edits = [
      { rest: { status: 'done' }, batch: { status: 'done' } },
      {
        rest: { project: viaRest.to, status: 'review', progress: 70 },
        batch: { project: viaBatch.to, status: 'review', progress: 70 },
      },
      // Nothing differs from the row: no new version, no audit row, no event on either side.
      { rest: { progress: 70 }, batch: { progress: 70 } },
    ];
    for (const [index, edit] of edits.entries()) {
      const version = index === 2 ? 2 : index;
      expect(
        (
          await inject(ctx.app, {
            method: 'PATCH',
            url: `/api/tasks/${restTask.id}`,
            token: alice.token,
            payload: edit.rest,
            headers: { 'x-entity-version': String(version) },
          })
        ).statusCode,
      ).toBe(200);
      await device.ok([{ op: 'patch', id: batchTaskId, version, data: edit.batch }]);
      expect(await traces(batchTaskId, viaBatch)).toEqual(await traces(restTask.id, viaRest));
    }

    expect((await rest('DELETE', `/api/tasks/${restTask.id}`)).statusCode).toBe(200);
    await device.ok([{ op: 'delete', id: batchTaskId, version: 2 }]);
    const after = await traces(restTask.id, viaRest);
    expect(await traces(batchTaskId, viaBatch)).toEqual(after);
    expect(after.task).toMatchObject({ deleted: true, version: 3, title: 'Comparer' });
    expect(after.audits.map((row) => row.type)).toEqual([
      'task.created',
      'task.updated',
      'task.updated',
      'task.deleted',
    ]);
  });

  it('leave the same project row and audit rows for a project created, changed and deleted', async () => {
    const fields = {
      name: 'Projet comparé',
      description: 'Deux chemins',
      deadline: '2027-02-01T10:00:00Z',
      status: 'on_hold',
    };
    const restProject = (await rest('POST', '/api/projects', fields)).json().data;
    const device = new Device(ctx, alice);
    const projectTmp = tmp();
    await device.ok([{ entity: 'project', op: 'upsert', id: projectTmp, data: fields }]);
    const projectTrace = async (id: string) => {
      const [row] = await ctx.db.select().from(projects).where(eq(projects.id, id));
      const {
        id: _id,
        createdAt: _c,
        updatedAt: _u,
        changeSeq: _s,
        createdSeq: _cs,
        deletedAt,
        ...kept
      } = row!;
      const audits = await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.resource, `project:${id}`))
        .orderBy(asc(auditLog.id));
      return {
        ...kept,
        deleted: deletedAt !== null,
        audits: audits.map((audit) => ({
          type: audit.type,
          details: audit.details,
          metadata: { ...audit.metadata, via: undefined },
        })),
      };
    };
    const batchId = real(projectTmp);
    expect(await projectTrace(batchId)).toEqual(await projectTrace(restProject.id));

    expect(
      (await rest('PUT', `/api/projects/${restProject.id}`, { status: 'active', name: 'Projet repris' }))
        .statusCode,
    ).toBe(200);
    await device.ok([
      {
        entity: 'project',
        op: 'patch',
        id: batchId,
        version: 0,
        data: { status: 'active', name: 'Projet repris' },
      },
    ]);
    expect(await projectTrace(batchId)).toEqual(await projectTrace(restProject.id));

    expect((await rest('DELETE', `/api/projects/${restProject.id}`)).statusCode).toBe(200);
    await device.ok([{ entity: 'project', op: 'delete', id: batchId, version: 1 }]);
    const after = await projectTrace(restProject.id);
    expect(await projectTrace(batchId)).toEqual(after);
    expect(after.audits.map((row) => row.type)).toEqual([
      'project.created',
      'project.updated',
      'project.deleted',
    ]);
  });
});
