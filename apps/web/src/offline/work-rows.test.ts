import type { ConflictRecord, OutboxEntry, Row } from '@jalon/sync';
import { describe, expect, it } from 'vitest';
import {
  createdHere,
  createdHereFirst,
  newestFirst,
  pendingStates,
  projectFromRow,
  taskFromRow,
  type RowContext,
} from './work-rows.ts';

const USER = '00000000-0000-4000-a000-000000000001';
const TMP = 'tmp-00000000-0000-4000-9000-000000000009';

const entry = (
  overrides: Partial<OutboxEntry & { held: boolean }> = {},
): OutboxEntry & { held: boolean } => ({
  localId: 1,
  entity: 'task',
  op: 'patch',
  id: 'a',
  baseVersion: 1,
  data: { title: 'x' },
  createdAt: '2030-01-15T10:00:00.000Z',
  state: 'pending',
  held: false,
  ...overrides,
});

const conflict = (overrides: Partial<ConflictRecord> = {}): ConflictRecord =>
  ({
    id: 'c:1',
    entity: 'task',
    entityId: 'b',
    clientId: 'c',
    seq: 1,
    op: 'patch',
    reason: 'version_mismatch',
    serverVersion: 2,
    clientVersion: 1,
    serverData: null,
    clientData: {},
    originalData: {},
    resolved: false,
    ...overrides,
  }) as ConflictRecord;

describe('rows created on this device', () => {
  const context: RowContext = { userId: USER, createdAt: new Map([[TMP, '2030-01-15T10:00:00.000Z']]) };

  it("complete a task with the server's defaults and the create's time", () => {
    const task = taskFromRow({ id: TMP, version: 0, title: 'Nouvelle', project: 'p' }, context);
    expect(task).toEqual({
      id: TMP,
      version: 0,
      title: 'Nouvelle',
      description: '',
      project: 'p',
      assignee: null,
      status: 'todo',
      priority: 'medium',
      progress: 0,
      deadline: null,
      estimatedMinutes: null,
      labels: [],
      parent: null,
      position: null,
      createdBy: USER,
      createdAt: '2030-01-15T10:00:00.000Z',
      updatedAt: '2030-01-15T10:00:00.000Z',
      deletedAt: null,
      permissions: { canDelete: true },
    });
  });

  it('complete a project likewise, and keep what the row has', () => {
    const project = projectFromRow(
      { id: 'p', version: 3, name: 'Site', status: 'on_hold', createdAt: '2030-01-02T09:00:00.000Z' },
      context,
    );
    expect(project).toMatchObject({
      id: 'p',
      version: 3,
      name: 'Site',
      status: 'on_hold',
      progress: 0,
      taskCount: 0,
      ownerId: USER,
      createdAt: '2030-01-02T09:00:00.000Z',
    });
  });

  it('keep their identity while the row object is the same (memoised cards do not re-render)', () => {
    const row: Row = { id: 'a', version: 1, title: 'A' };
    expect(taskFromRow(row, context)).toBe(taskFromRow(row, context));
    expect(taskFromRow({ ...row }, context)).not.toBe(taskFromRow(row, context));
  });

  it('are known by their create entry', () => {
    const created = createdHere([
      entry({ op: 'upsert', id: TMP, baseVersion: 0, createdAt: '2030-01-15T11:00:00.000Z' }),
      entry({ op: 'patch', id: 'a' }),
    ]);
    expect([...created]).toEqual([[TMP, '2030-01-15T11:00:00.000Z']]);
  });
});

describe('ordering', () => {
  it('lists server rows newest first, by id on a tie', () => {
    const rows: Row[] = [
      { id: 'a', version: 1, createdAt: '2030-01-01T00:00:00.000Z' },
      { id: 'c', version: 1, createdAt: '2030-01-03T00:00:00.000Z' },
      { id: 'b', version: 1, createdAt: '2030-01-03T00:00:00.000Z' },
    ];
    expect(newestFirst(rows).map((row) => row.id)).toEqual(['c', 'b', 'a']);
  });

  it('puts what only this device has first, the latest on top', () => {
    const view: Row[] = [
      { id: 's1', version: 1, createdAt: '2030-01-03T00:00:00.000Z' },
      { id: 'tmp-1', version: 0 },
      { id: 's2', version: 1, createdAt: '2030-01-01T00:00:00.000Z' },
      { id: 'tmp-2', version: 0 },
    ];
    expect(createdHereFirst(view).map((row) => row.id)).toEqual(['tmp-2', 'tmp-1', 's1', 's2']);
    const serverOnly = view.filter((row) => !row.id.startsWith('tmp-'));
    expect(createdHereFirst(serverOnly)).toBe(serverOnly);
  });
});

describe('pending states', () => {
  it("marks unanswered entries 'pending', held ones 'held', and forgets acked ones", () => {
    const states = pendingStates(
      [
        entry({ id: 'a', state: 'sent' }),
        entry({ id: 'h', held: true }),
        entry({ id: 'done', state: 'acked' }),
      ],
      [],
    );
    expect([...states]).toEqual([
      ['a', 'pending'],
      ['h', 'held'],
    ]);
  });

  it("lets an open conflict win, under both spellings of a create's id, and ignores resolved ones", () => {
    const states = pendingStates(
      [entry({ id: 'b' }), entry({ id: TMP, op: 'upsert', baseVersion: 0 })],
      [
        conflict({ entityId: 'b' }),
        conflict({ id: 'c:2', entityId: TMP }),
        conflict({ id: 'c:3', entityId: 'z', resolved: true }),
      ],
    );
    expect(states.get('b')).toBe('conflict');
    expect(states.get(TMP)).toBe('conflict');
    expect(states.get(TMP.slice(4))).toBe('conflict');
    expect(states.has('z')).toBe(false);
  });

  it('a held entry is not downgraded by a later pending one of the same entity', () => {
    const states = pendingStates([entry({ id: 'a', held: true }), entry({ id: 'a', localId: 2 })], []);
    expect(states.get('a')).toBe('held');
  });
});
