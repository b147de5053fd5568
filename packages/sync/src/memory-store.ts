import type { SyncEntity } from '@jalon/contract';
import type { ConflictRecord } from './conflict-record.ts';
import { byKind } from './kinds.ts';
import type { OutboxEntry } from './outbox.ts';
import type { Row, SyncMeta, SyncStore, SyncTransaction } from './store.ts';

interface Snapshot {
  meta: SyncMeta | null;
  rows: Record<SyncEntity, Map<string, Row>>;
  cursors: Record<SyncEntity, string | null>;
  outbox: OutboxEntry[];
  conflicts: ConflictRecord[];
}

const copy = <T>(value: T): T => structuredClone(value);

/**
 * The store in memory, for tests and the server's property test. Transactions run one at a time on a
 * copy that replaces the state only when the work succeeds, like IndexedDB's all-or-nothing commit; values
 * are cloned in and out, as IndexedDB would, so no caller can change stored state by holding a reference.
 * A crash is simulated by dropping the client and opening a new one on the same store.
 */
export class MemoryStore implements SyncStore {
  private state: Snapshot = {
    meta: null,
    rows: byKind(() => new Map()),
    cursors: byKind(() => null),
    outbox: [],
    conflicts: [],
  };
  private queue: Promise<unknown> = Promise.resolve();

  atomically<T>(work: (tx: SyncTransaction) => Promise<T>): Promise<T> {
    const run = async () => {
      const draft = copy(this.state);
      const result = await work(transaction(draft));
      this.state = draft;
      return result;
    };
    const result = this.queue.then(run);
    this.queue = result.catch(() => undefined);
    return result;
  }
}

function transaction(draft: Snapshot): SyncTransaction {
  return {
    getMeta: async () => copy(draft.meta),
    setMeta: async (meta) => void (draft.meta = copy(meta)),
    getRows: async (entity) => copy([...draft.rows[entity].values()]),
    getRow: async (entity, id) => copy(draft.rows[entity].get(id) ?? null),
    putRows: async (entity, rows) => rows.forEach((row) => draft.rows[entity].set(row.id, copy(row))),
    deleteRows: async (entity, ids) => ids.forEach((id) => draft.rows[entity].delete(id)),
    clearRows: async (entity) => draft.rows[entity].clear(),
    getCursor: async (entity) => draft.cursors[entity],
    setCursor: async (entity, cursor) => void (draft.cursors[entity] = cursor),
    getOutbox: async () => copy(draft.outbox),
    setOutbox: async (entries) => void (draft.outbox = copy([...entries])),
    getConflicts: async () => copy(draft.conflicts),
    setConflicts: async (records) => void (draft.conflicts = copy([...records])),
  };
}
