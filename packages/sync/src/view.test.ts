import { describe, expect, it } from 'vitest';
import { entry, PROJECT_A, TASK_1, TASK_2, taskRow } from './test-factories.ts';
import { computeView } from './view.ts';

const tmpTask = 'tmp-00000000-0000-4000-8000-100000000002';

describe('computeView', () => {
  it('replays pending, sent and acked entries on the server rows, in outbox order', () => {
    const rows = [taskRow(), taskRow({ id: TASK_2, title: 'Autre' })];
    const outbox = [
      entry({ data: { title: 'Un' }, seq: 1, state: 'acked', ackedVersion: 4 }),
      entry({ data: { progress: 20 }, seq: 2, state: 'sent' }),
      entry({ op: 'upsert', id: tmpTask, baseVersion: 0, data: { title: 'Nouvelle', project: PROJECT_A } }),
      entry({ op: 'delete', id: TASK_2 }),
    ];
    expect(computeView(rows, outbox, 'task')).toEqual([
      { ...taskRow(), title: 'Un', progress: 20, version: 4 },
      { id: tmpTask, version: 0, title: 'Nouvelle', project: PROJECT_A },
    ]);
  });

  it('stops replaying an acked entry once the server row has its version, so a newer write wins', () => {
    const outbox = [entry({ data: { title: 'Un' }, seq: 1, state: 'acked', ackedVersion: 4 })];
    expect(computeView([taskRow({ version: 5, title: 'Ailleurs' })], outbox, 'task')).toEqual([
      taskRow({ version: 5, title: 'Ailleurs' }),
    ]);
  });

  it('hides tombstones, patches on missing rows and other entities', () => {
    const outbox = [
      entry({ id: TASK_2, data: { title: 'x' } }),
      entry({ entity: 'project', op: 'upsert', id: 'tmp-p', baseVersion: 0, data: {} }),
    ];
    expect(computeView([taskRow({ deletedAt: '2026-11-23T10:00:00.000Z' })], outbox, 'task')).toEqual([]);
  });

  it('shows a row created here once when a pull brings it back before the answer renames it, with its later edits', () => {
    const created = entry({
      op: 'upsert',
      id: tmpTask,
      baseVersion: 0,
      seq: 1,
      state: 'sent',
      data: { title: 'Nouvelle', project: PROJECT_A },
    });
    const patched = entry({ id: tmpTask, baseVersion: 0, data: { title: 'Renommée' } });
    const fromServer = taskRow({ id: tmpTask.slice('tmp-'.length), title: 'Nouvelle', version: 1 });
    expect(computeView([fromServer], [created, patched], 'task')).toEqual([
      { ...fromServer, title: 'Renommée' },
    ]);
    expect(computeView([fromServer], [created, entry({ op: 'delete', id: tmpTask })], 'task')).toEqual([]);
  });

  it('shows a task whose edit is still pending with the server row version, not its own', () => {
    expect(
      computeView([taskRow({ version: 7 })], [entry({ data: { title: 'x' } })], 'task')[0],
    ).toMatchObject({ id: TASK_1, version: 7, title: 'x' });
  });
});
