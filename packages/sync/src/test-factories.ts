import type { ConflictRecord } from './conflict-record.ts';
import type { NewEntry, OutboxEntry } from './outbox.ts';
import type { Row } from './store.ts';

// Fixed ids and dates, so that failures read the same every run.
export const PROJECT_A = '00000000-0000-4000-8000-00000000000a';
export const PROJECT_B = '00000000-0000-4000-8000-00000000000b';
export const TASK_1 = '00000000-0000-4000-8000-000000000001';
export const TASK_2 = '00000000-0000-4000-8000-000000000002';
export const CLIENT = '00000000-0000-4000-8000-0000000000c1';
export const USER = '00000000-0000-4000-8000-0000000000d1';
export const NOW = '2026-11-23T12:00:00.000Z';

/** A deterministic UUID source: 00000000-0000-4000-8000-1000000000NN. */
export function uuids(): () => string {
  let next = 0;
  return () => `00000000-0000-4000-8000-1${String((next += 1)).padStart(11, '0')}`;
}

export const taskRow = (overrides: Partial<Row> = {}): Row => ({
  id: TASK_1,
  version: 3,
  title: 'Rédiger',
  status: 'todo',
  progress: 0,
  project: PROJECT_A,
  deletedAt: null,
  ...overrides,
});
export const projectRow = (overrides: Partial<Row> = {}): Row => ({
  id: PROJECT_A,
  version: 1,
  name: 'Site',
  status: 'active',
  deletedAt: null,
  ...overrides,
});

let localIds = 0;
/** A patch of TASK_1 by default; another op has no `base` unless given one. */
export function newEntry(overrides: Partial<NewEntry> = {}): NewEntry {
  const patch = {
    localId: (localIds += 1),
    entity: 'task' as const,
    op: 'patch' as const,
    id: TASK_1,
    baseVersion: 3,
    data: { title: 'Nouveau' },
    base: { title: 'Rédiger' },
    createdAt: NOW,
  };
  const { base: _base, ...other } = patch;
  return { ...((overrides.op ?? 'patch') === 'patch' ? patch : other), ...overrides };
}

export const entry = (overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  ...newEntry(overrides),
  state: 'pending',
  ...overrides,
});

/** The server's row in the conflict of `conflictRecord`: a version_mismatch on the title of TASK_1. */
export const conflictServerRow = taskRow({ version: 5, title: 'Serveur', progress: 40 });
export const conflictRecord = (overrides: Partial<ConflictRecord> = {}): ConflictRecord => ({
  id: `${CLIENT}:2`,
  entity: 'task',
  entityId: TASK_1,
  clientId: CLIENT,
  seq: 2,
  op: 'patch',
  reason: 'version_mismatch',
  fields: ['title'],
  serverVersion: 5,
  clientVersion: 3,
  serverData: conflictServerRow,
  clientData: { title: 'Client' },
  originalData: { title: 'Client' },
  resolved: false,
  resolvedAt: null,
  createdAt: NOW,
  ...overrides,
});
