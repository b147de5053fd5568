import { describe, expect, it } from 'vitest';
import { addEdit } from './outbox.ts';
import { newEntry, PROJECT_A, TASK_1, TASK_2 } from './test-factories.ts';

const tmpProject = 'tmp-00000000-0000-4000-8000-100000000001';
const tmpTask = 'tmp-00000000-0000-4000-8000-100000000002';
const patch = (data: Record<string, unknown>, base: Record<string, unknown>, overrides = {}) =>
  newEntry({ op: 'patch', data, base, ...overrides });

describe('addEdit', () => {
  it('merges two unsent patches, base keeping the earliest value seen per field', () => {
    let outbox = addEdit([], patch({ title: 'B' }, { title: 'A' }));
    outbox = addEdit(
      outbox,
      patch({ title: 'C', progress: 50 }, { title: 'B', progress: 0 }, { baseVersion: 4 }),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      op: 'patch',
      baseVersion: 3,
      data: { title: 'C', progress: 50 },
      base: { title: 'A', progress: 0 },
      state: 'pending',
    });
  });

  it('drops a field set back to where it started, and the entry when nothing is left', () => {
    let outbox = addEdit([], patch({ title: 'B', progress: 10 }, { title: 'A', progress: 0 }));
    outbox = addEdit(outbox, patch({ title: 'A' }, { title: 'B' }));
    expect(outbox[0]).toMatchObject({ data: { progress: 10 }, base: { progress: 0 } });
    expect(addEdit(outbox, patch({ progress: 0 }, { progress: 10 }))).toEqual([]);
    expect(addEdit([], patch({ title: 'A' }, { title: 'A' }))).toEqual([]);
  });

  it('sends no base when what is left are fields never seen (an empty base is refused)', () => {
    let outbox = addEdit([], patch({ title: 'B' }, { title: 'A' }));
    outbox = addEdit(
      outbox,
      newEntry({ op: 'patch', data: { title: 'A', status: 'done' }, base: { title: 'B' } }),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ data: { status: 'done' } });
    expect(outbox[0]).not.toHaveProperty('base');
  });

  it('folds a patch into an unsent create', () => {
    let outbox = addEdit(
      [],
      newEntry({
        op: 'upsert',
        id: tmpTask,
        baseVersion: 0,
        data: { title: 'Nouvelle', project: PROJECT_A },
      }),
    );
    outbox = addEdit(
      outbox,
      patch({ title: 'Renommée' }, { title: 'Nouvelle' }, { id: tmpTask, baseVersion: 0 }),
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      op: 'upsert',
      id: tmpTask,
      data: { title: 'Renommée', project: PROJECT_A },
    });
    expect(outbox[0]!.base).toBeUndefined();
  });

  it('makes an unsent create followed by a delete vanish', () => {
    const outbox = addEdit([], newEntry({ op: 'upsert', id: tmpTask, baseVersion: 0, data: { title: 'x' } }));
    expect(addEdit(outbox, newEntry({ op: 'delete', id: tmpTask, baseVersion: 0 }))).toEqual([]);
  });

  it('turns an unsent patch followed by a delete into one delete from the first version', () => {
    let outbox = addEdit([], patch({ title: 'B' }, { title: 'A' }));
    outbox = addEdit(outbox, newEntry({ op: 'delete', baseVersion: 3 }));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ op: 'delete', baseVersion: 3, data: {} });
    expect(outbox[0]).not.toHaveProperty('base');
  });

  it('never changes a numbered entry: a later edit is a new entry', () => {
    const sent = { ...patch({ title: 'B' }, { title: 'A' }), seq: 7, state: 'sent' as const };
    const outbox = addEdit([sent], patch({ title: 'C' }, { title: 'B' }));
    expect(outbox).toHaveLength(2);
    expect(outbox[0]).toBe(sent);
  });

  it('does not merge an edit after a delete', () => {
    const outbox = addEdit([], newEntry({ op: 'delete' }));
    expect(addEdit(outbox, patch({ title: 'B' }, { title: 'A' }))).toHaveLength(2);
  });

  it('does not move an edit above the create of an entity it names', () => {
    let outbox = addEdit([], patch({ title: 'B' }, { title: 'A' }));
    outbox = addEdit(
      outbox,
      newEntry({ entity: 'project', op: 'upsert', id: tmpProject, baseVersion: 0, data: { name: 'P' } }),
    );
    outbox = addEdit(outbox, patch({ project: tmpProject }, { project: PROJECT_A }));
    expect(outbox.map((entry) => entry.data)).toEqual([
      { title: 'B' },
      { name: 'P' },
      { project: tmpProject },
    ]);
  });

  it('does not move a delete above an entry that needs the entity', () => {
    let outbox = addEdit(
      [],
      newEntry({
        entity: 'project',
        op: 'patch',
        id: PROJECT_A,
        baseVersion: 1,
        data: { name: 'B' },
        base: { name: 'A' },
      }),
    );
    outbox = addEdit(
      outbox,
      newEntry({ op: 'upsert', id: tmpTask, baseVersion: 0, data: { project: PROJECT_A } }),
    );
    outbox = addEdit(outbox, newEntry({ entity: 'project', op: 'delete', id: PROJECT_A, baseVersion: 1 }));
    expect(outbox.map((entry) => entry.op)).toEqual(['patch', 'upsert', 'delete']);
  });

  it('merges past entries on unrelated entities', () => {
    let outbox = addEdit([], patch({ title: 'B' }, { title: 'A' }));
    outbox = addEdit(outbox, patch({ title: 'Z' }, { title: 'Y' }, { id: TASK_2 }));
    outbox = addEdit(outbox, patch({ progress: 5 }, { progress: 0 }));
    expect(outbox.map((entry) => [entry.id, entry.data])).toEqual([
      [TASK_1, { title: 'B', progress: 5 }],
      [TASK_2, { title: 'Z' }],
    ]);
  });
});
