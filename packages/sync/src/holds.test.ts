import { describe, expect, it } from 'vitest';
import type { ConflictRecord } from './conflict-record.ts';
import { heldBy } from './holds.ts';
import { CLIENT, entry, NOW, PROJECT_A, PROJECT_B, TASK_1, TASK_2 } from './test-factories.ts';

const conflictOn = (
  entity: ConflictRecord['entity'],
  entityId: string,
  resolved = false,
): ConflictRecord => ({
  id: `${CLIENT}:1`,
  entity,
  entityId,
  clientId: CLIENT,
  seq: 1,
  op: 'patch',
  reason: 'version_mismatch',
  serverVersion: 2,
  clientVersion: 1,
  serverData: null,
  clientData: {},
  originalData: {},
  resolved,
  resolvedAt: null,
  createdAt: NOW,
});
const tmpProject = 'tmp-00000000-0000-4000-8000-100000000001';
const noProjects = () => undefined;

describe('heldBy', () => {
  it('holds later entries on the conflicting entity', () => {
    const isHeld = heldBy([conflictOn('task', TASK_1)], noProjects);
    expect(isHeld(entry({ id: TASK_1 }))).toBe(true);
    expect(isHeld(entry({ id: TASK_2 }))).toBe(false);
  });

  it('holds tasks of a conflicting project, by their data or by their stored row, tmp- ids included', () => {
    const isHeld = heldBy([conflictOn('project', tmpProject)], (taskId) =>
      taskId === TASK_2 ? tmpProject.slice(4) : PROJECT_B,
    );
    expect(
      isHeld(
        entry({
          op: 'upsert',
          id: 'tmp-00000000-0000-4000-8000-100000000009',
          data: { project: tmpProject },
        }),
      ),
    ).toBe(true);
    expect(isHeld(entry({ id: TASK_2, data: { title: 'x' } }))).toBe(true);
    expect(isHeld(entry({ id: TASK_1, data: { title: 'x' } }))).toBe(false);
    expect(isHeld(entry({ entity: 'project', id: PROJECT_A }))).toBe(false);
  });

  it('releases everything once the conflict is resolved', () => {
    expect(heldBy([conflictOn('task', TASK_1, true)], noProjects)(entry({ id: TASK_1 }))).toBe(false);
  });
});
