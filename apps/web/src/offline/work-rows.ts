import type { Comment, Label, Project, Task } from '@jalon/contract';
import type { ConflictRecord, OutboxEntry, Row } from '@jalon/sync';
import { stripTmpPrefix } from '@jalon/contract/plain';

/**
 * Where an entity stands on this device: `pending` (an edit waits to be sent or answered: 'En attente'),
 * `held` (it waits behind an open conflict), `conflict` (an edit of it clashed: 'Conflit').
 */
export type PendingState = 'pending' | 'held' | 'conflict';

/** What the screens need to show rows the device made itself, which carry only the fields they were given. */
export interface RowContext {
  userId: string;
  /** When each entity this device created was created here (its create entry's `createdAt`). */
  createdAt: ReadonlyMap<string, string>;
}

// A row from the view keeps its identity while nothing touched it, so memoised rows and cards do not
// re-render for an edit elsewhere: the normalised copy is kept per row object.
const tasks = new WeakMap<Row, Task>();
const projects = new WeakMap<Row, Project>();
const comments = new WeakMap<Row, Comment>();
const labels = new WeakMap<Row, Label>();

function normalised<T>(cache: WeakMap<Row, T>, row: Row, build: () => T): T {
  const known = cache.get(row);
  if (known) return known;
  const value = build();
  cache.set(row, value);
  return value;
}

const createdAtOf = (row: Row, context: RowContext): string =>
  typeof row.createdAt === 'string'
    ? row.createdAt
    : (context.createdAt.get(row.id) ?? new Date(0).toISOString());

/** A view row as a `Task`: a row created here is completed with the server's defaults for what it lacks. */
export const taskFromRow = (row: Row, context: RowContext): Task =>
  normalised(tasks, row, () => {
    const createdAt = createdAtOf(row, context);
    return {
      title: '',
      description: '',
      project: '',
      assignee: null,
      status: 'todo',
      priority: 'medium',
      progress: 0,
      deadline: null,
      estimatedMinutes: null,
      labels: [],
      parent: null,
      position: null,
      createdBy: context.userId,
      createdAt,
      updatedAt: createdAt,
      deletedAt: null,
      permissions: { canDelete: true },
      ...(row as Partial<Task>),
      id: row.id,
      version: row.version,
    };
  });

export const projectFromRow = (row: Row, context: RowContext): Project =>
  normalised(projects, row, () => {
    const createdAt = createdAtOf(row, context);
    return {
      name: '',
      description: '',
      deadline: null,
      status: 'active',
      progress: 0,
      taskCount: 0,
      ownerId: context.userId,
      createdAt,
      updatedAt: createdAt,
      deletedAt: null,
      permissions: { canDelete: true },
      ...(row as Partial<Project>),
      id: row.id,
      version: row.version,
    };
  });

/** A view row as a `Comment`: one written here is the person's own, with no text only once deleted. */
export const commentFromRow = (row: Row, context: RowContext): Comment =>
  normalised(comments, row, () => {
    const createdAt = createdAtOf(row, context);
    return {
      taskId: '',
      body: null,
      mentions: [],
      // The name is the members directory's: the thread names authors by id.
      author: { id: context.userId, username: '' },
      createdAt,
      updatedAt: createdAt,
      deletedAt: null,
      ...(row as Partial<Comment>),
      id: row.id,
      version: row.version,
    };
  });
/** A view row as a `Label` (one made here has only its name and colour). */
export const labelFromRow = (row: Row): Label =>
  normalised(labels, row, () => ({
    name: '',
    color: 'gray',
    deletedAt: null,
    ...(row as Partial<Label>),
    id: row.id,
    version: row.version,
  }));

/**
 * The state of each entity with something on this device: an open conflict wins over a held entry, which
 * wins over a pending one. Acked entries are done (only kept to show the edit until a pull): not pending.
 * Keys are ids as the view shows them; a conflict on a `tmp-` create is keyed by both spellings.
 */
export function pendingStates(
  outbox: ReadonlyArray<OutboxEntry & { held: boolean }>,
  conflicts: readonly ConflictRecord[],
): Map<string, PendingState> {
  const states = new Map<string, PendingState>();
  for (const entry of outbox) {
    if (entry.state === 'acked') continue;
    if (entry.held) states.set(entry.id, 'held');
    else if (!states.has(entry.id)) states.set(entry.id, 'pending');
  }
  for (const conflict of conflicts) {
    if (conflict.resolved) continue;
    states.set(conflict.entityId, 'conflict');
    states.set(stripTmpPrefix(conflict.entityId), 'conflict');
  }
  return states;
}

/** When each entity this device created was created, from its create entry. */
export function createdHere(outbox: readonly OutboxEntry[]): Map<string, string> {
  const created = new Map<string, string>();
  for (const entry of outbox)
    if (entry.op === 'upsert' && entry.baseVersion === 0) created.set(entry.id, entry.createdAt);
  return created;
}

const createdAtKey = (row: Row): string => (typeof row.createdAt === 'string' ? row.createdAt : '');

/** `b` before `a` by code unit: ISO instants and ids compare as text, with no locale's rules (nor its ICU cost). */
const descending = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/** Server rows newest first, as the server lists them; sorted once per read of the store, not per edit. */
export const newestFirst = (rows: readonly Row[]): Row[] =>
  [...rows].sort((a, b) => descending(createdAtKey(a), createdAtKey(b)) || descending(a.id, b.id));

/** Server rows oldest first, as a thread reads. */
export const oldestFirst = (rows: readonly Row[]): Row[] => newestFirst(rows).reverse();

/**
 * A view keeps the stored rows' order and appends what only this device has (creates not yet read back
 * from the server, which carry no `createdAt`): those are the newest, so they go first, latest on top.
 */
export function createdHereFirst(view: readonly Row[]): Row[] {
  const local = view.filter((row) => typeof row.createdAt !== 'string');
  if (local.length === 0) return view as Row[];
  return [...local.reverse(), ...view.filter((row) => typeof row.createdAt === 'string')];
}
