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
// re-render for an edit elsewhere: the completed copy is kept per row object.
type Defaults<T> = (createdAt: string, context: RowContext) => Omit<T, 'id' | 'version'>;

/**
 * A view row as a value of its type. A row with every field of the type (a server row, or one with this
 * device's patches on top) is that value already and is shown as it is, so the snapshot holds no second
 * copy of the stored rows; a row created here has only the fields it was given, and is completed with the
 * server's defaults, once per row object.
 */
function typed<T>(defaults: Defaults<T>): (row: Row, context: RowContext) => T {
  const fields = Object.keys(defaults('', { userId: '', createdAt: new Map() }));
  const completed = new WeakMap<Row, T>();
  return (row, context) => {
    if (fields.every((field) => field in row)) return row as unknown as T;
    const known = completed.get(row);
    if (known) return known;
    const createdAt =
      typeof row.createdAt === 'string'
        ? row.createdAt
        : (context.createdAt.get(row.id) ?? new Date(0).toISOString());
    const value = { ...defaults(createdAt, context), ...row, id: row.id, version: row.version } as T;
    completed.set(row, value);
    return value;
  };
}

/** A view row as a `Task`: a row created here is completed with the server's defaults for what it lacks. */
export const taskFromRow = typed<Task>((createdAt, context) => ({
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
}));

export const projectFromRow = typed<Project>((createdAt, context) => ({
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
}));

/** A view row as a `Comment`: one written here is the person's own, with no text only once deleted. */
export const commentFromRow = typed<Comment>((createdAt, context) => ({
  taskId: '',
  body: null,
  mentions: [],
  // The name is the members directory's: the thread names authors by id.
  author: { id: context.userId, username: '' },
  createdAt,
  updatedAt: createdAt,
  deletedAt: null,
}));

const labelOf = typed<Label>(() => ({ name: '', color: 'gray', deletedAt: null }));
/** A view row as a `Label` (one made here has only its name and colour). */
export const labelFromRow = (row: Row): Label => labelOf(row, { userId: '', createdAt: new Map() });

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
export const newestFirst = (rows: Iterable<Row>): Row[] =>
  [...rows].sort((a, b) => descending(createdAtKey(a), createdAtKey(b)) || descending(a.id, b.id));

/** Server rows oldest first, as a thread reads. */
export const oldestFirst = (rows: Iterable<Row>): Row[] => newestFirst(rows).reverse();

/**
 * A view keeps the stored rows' order and appends what only this device has (creates not yet read back
 * from the server, which carry no `createdAt`): those are the newest, so they go first, latest on top.
 */
export function createdHereFirst(view: readonly Row[]): Row[] {
  const local = view.filter((row) => typeof row.createdAt !== 'string');
  if (local.length === 0) return view as Row[];
  return [...local.reverse(), ...view.filter((row) => typeof row.createdAt === 'string')];
}
