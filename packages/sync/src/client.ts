import {
  SYNC_ENTITIES,
  SYNC_SCHEMA_VERSION,
  stripTmpPrefix,
  type SyncBatchRequest,
  type SyncEntity,
} from '@jalon/contract';
import { applyAnswer, applyOutOfOrder } from './answer.ts';
import { backoffDelay } from './backoff.ts';
import { takeBatch } from './batch.ts';
import type { ConflictRecord } from './conflict-record.ts';
import { entryForEdit, type Edit } from './edit.ts';
import { heldBy, type ProjectOf } from './holds.ts';
import type { Fields } from './merge.ts';
import { addEdit, type OutboxEntry } from './outbox.ts';
import { planPullPage } from './pull.ts';
import { resolveConflict, type Resolution } from './resolution.ts';
import type { PauseReason, Row, SyncMeta, SyncStore, SyncTransaction } from './store.ts';
import {
  classifyBatchResponse,
  type AnswerChecks,
  type BatchTransport,
  type PullTransport,
} from './transport.ts';
import { computeView } from './view.ts';

export interface SyncClientOptions {
  store: SyncStore;
  userId: string;
  /** Milliseconds since the epoch. */
  now: () => number;
  /** A new UUID (a created entity's id, and the device's `clientId` on first use). */
  newId: () => string;
  /** For the backoff's jitter; Math.random by default. */
  random?: () => number;
  /** How the server's answers are checked against the contract (in place, or in the page's worker). */
  checks: AnswerChecks;
}

export interface ClientState {
  outbox: Array<OutboxEntry & { held: boolean }>;
  conflicts: ConflictRecord[];
  meta: SyncMeta;
  hasCopy: boolean;
  rows?: Record<SyncEntity, Row[]>;
}

/**
 * Which stored rows a state read answers: all of them (`rows: true`), or, for a caller that keeps rows read
 * earlier at `rowsSeen` (the store's `rowsRevision` then), them only when they changed since.
 */
export interface RowsWanted {
  rows: boolean;
  rowsSeen?: number;
}

const rowsRevision = (meta: SyncMeta): number => meta.rowsRevision ?? 0;
const wantsRows = ({ rows, rowsSeen }: RowsWanted, meta: SyncMeta): boolean =>
  rows || (rowsSeen !== undefined && rowsSeen !== rowsRevision(meta));
const withRowsRevised = (meta: SyncMeta): SyncMeta => ({ ...meta, rowsRevision: rowsRevision(meta) + 1 });

export type FlushResult =
  | { status: 'idle' }
  | { status: 'sent'; batches: number; renamed: Array<{ tmpId: string; id: string }> }
  | { status: 'busy' }
  | { status: 'paused'; reason: PauseReason }
  | { status: 'waiting'; until: number }
  | { status: 'failed'; failures: number; nextAttemptAt: number };

/**
 * `changed`: a pull moved rows of a copy the store already held. A first full read is no change: the
 * screens read the server themselves meanwhile, and would otherwise fetch everything twice on arrival.
 */
export type PullResult =
  | { status: 'pulled'; pages: number; changed: boolean }
  | { status: 'busy' }
  | { status: 'failed'; error: unknown };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The sync core for one user on one device: records edits, sends them in numbered batches, applies the
 * answers and the pulls, and shows the rows with pending edits on top. Every piece of state is in the
 * store, so a client dropped at any point (a crash, a reload) and opened again carries on; only the
 * "one batch in flight" and "one pull in flight" guards live in the object, as they do in one tab.
 */
export class SyncClient {
  private flushing = false;
  private pulling = false;

  private constructor(
    private readonly options: SyncClientOptions,
    readonly clientId: string,
  ) {}

  /** Opens the store, registering this device (a new `clientId`) on first use. Refuses another user's store. */
  static async open(options: SyncClientOptions): Promise<SyncClient> {
    const meta = await options.store.atomically(async (tx) => {
      const stored = await tx.getMeta();
      if (stored && stored.userId !== options.userId)
        throw new Error('This sync store belongs to another user');
      if (stored) return stored;
      const fresh: SyncMeta = {
        clientId: options.newId(),
        userId: options.userId,
        lastSeq: 0,
        ackedThrough: 0,
        nextLocalId: 1,
        failures: 0,
        nextAttemptAt: null,
        paused: null,
      };
      await tx.setMeta(fresh);
      return fresh;
    });
    return new SyncClient(options, meta.clientId);
  }

  /** Records an edit in the outbox (before the UI shows it) and answers the entity's id (`tmp-` for a create). */
  async edit(edit: Edit): Promise<string> {
    return (await this.recordEdit(edit)).id;
  }

  /**
   * `edit`, also answering what a screen shows afterwards (as `state` without rows), from the same
   * transaction: the outbox it just wrote is known, so showing an edit costs one IndexedDB transaction.
   */
  recordEdit(
    edit: Edit,
    { rowsSeen }: Pick<RowsWanted, 'rowsSeen'> = {},
  ): Promise<{ id: string; state: ClientState }> {
    return this.atomically(async (tx, meta) => {
      const stored = await tx.getOutbox();
      // A create whose id is in the outbox or among the rows already (as `tmp-`, or as the server's id once
      // answered) was recorded before: the same form sent twice is that entity, and nothing is written.
      const ids = edit.op === 'create' && edit.id !== undefined ? [edit.id, stripTmpPrefix(edit.id)] : [];
      const serverId = ids[1];
      let id =
        stored.find((entry) => ids.includes(entry.id))?.id ??
        (serverId !== undefined && (await tx.getRow(edit.entity, serverId)) !== null ? serverId : null);
      let outbox: readonly OutboxEntry[] = stored;
      let next = meta;
      if (id === null) {
        // The view of one entity needs only its row and its entries: no edit reads the whole table.
        const row = edit.op === 'create' ? null : await tx.getRow(edit.entity, edit.id);
        const entries = edit.op === 'create' ? [] : stored.filter((entry) => entry.id === edit.id);
        const entry = entryForEdit(
          edit,
          computeView(row ? [row] : [], entries, edit.entity),
          this.options.newId,
        );
        outbox = addEdit(stored, { ...entry, localId: meta.nextLocalId, createdAt: iso(this.options.now()) });
        next = { ...meta, nextLocalId: meta.nextLocalId + 1 };
        id = entry.id;
        await tx.setOutbox(outbox);
        await tx.setMeta(next);
      }
      // Inline, as in `state`: IndexedDB transactions do not survive awaiting a helper that awaits in turn.
      const conflicts = await tx.getConflicts();
      const isHeld = hasOpenConflict(conflicts) ? heldBy(conflicts, await projectsOfTasks(tx)) : noneHeld;
      const hasCopy = (await tx.getCursor('task')) !== null && (await tx.getCursor('project')) !== null;
      const rows = wantsRows({ rows: false, rowsSeen }, next) ? await storedRows(tx) : undefined;
      return {
        id,
        state: { outbox: flagHeld(outbox, isHeld), conflicts, meta: next, hasCopy, ...(rows && { rows }) },
      };
    });
  }

  /** The rows as the person should see them: server rows with this device's edits on top. */
  view(entity: SyncEntity): Promise<Row[]> {
    return this.options.store.atomically(async (tx) =>
      computeView(await tx.getRows(entity), await tx.getOutbox(), entity),
    );
  }

  /** The outbox, each entry flagged when it waits on an open conflict (the UI's waiting badge). */
  async entries(): Promise<Array<OutboxEntry & { held: boolean }>> {
    return (await this.state({ rows: false })).outbox;
  }

  /**
   * Everything a screen shows, read in one transaction so the parts agree: the outbox (flagged as in
   * `entries`), the conflicts, the bookkeeping, whether a full read ever completed (`hasCopy`), and, when
   * asked, the stored server rows (a caller that keeps them computes views itself; an edit or an answer
   * changes only the outbox and the conflicts, so it need not read thousands of rows again). A caller
   * that keeps rows gets them again whenever they changed since it read them (`rowsSeen`): an outbox read
   * after a pull, shown on the rows from before it, would lack the acked rows the pull took over.
   */
  state(wanted: RowsWanted): Promise<ClientState> {
    return this.atomically(async (tx, meta) => {
      const conflicts = await tx.getConflicts();
      const isHeld = hasOpenConflict(conflicts) ? heldBy(conflicts, await projectsOfTasks(tx)) : noneHeld;
      const outbox = flagHeld(await tx.getOutbox(), isHeld);
      const hasCopy = (await tx.getCursor('task')) !== null && (await tx.getCursor('project')) !== null;
      const stored = wantsRows(wanted, meta) ? await storedRows(tx) : undefined;
      return { outbox, conflicts, meta, hasCopy, ...(stored && { rows: stored }) };
    });
  }

  conflicts(): Promise<ConflictRecord[]> {
    return this.options.store.atomically((tx) => tx.getConflicts());
  }

  meta(): Promise<SyncMeta> {
    return this.atomically(async (_tx, meta) => meta);
  }

  /**
   * Sends batches until nothing is left to send, one in flight at a time, each answer stored in one
   * transaction. Respects the backoff after failures and stops when paused.
   */
  async flush(send: BatchTransport): Promise<FlushResult> {
    if (this.flushing) return { status: 'busy' };
    this.flushing = true;
    try {
      const renamed: Array<{ tmpId: string; id: string }> = [];
      let batches = 0;
      for (;;) {
        const step = await this.sendOne(send);
        if (step.status !== 'sent')
          return step.status === 'idle' && batches > 0 ? { status: 'sent', batches, renamed } : step;
        batches += step.batches;
        renamed.push(...step.renamed);
      }
    } finally {
      this.flushing = false;
    }
  }

  private async sendOne(send: BatchTransport): Promise<FlushResult> {
    const prepared = await this.atomically(async (tx, meta) => {
      if (meta.paused) return { status: 'paused', reason: meta.paused } as const;
      if (meta.nextAttemptAt !== null && this.options.now() < meta.nextAttemptAt)
        return { status: 'waiting', until: meta.nextAttemptAt } as const;
      const conflicts = await tx.getConflicts();
      const isHeld = hasOpenConflict(conflicts) ? heldBy(conflicts, await projectsOfTasks(tx)) : noneHeld;
      const batch = takeBatch(await tx.getOutbox(), { lastSeq: meta.lastSeq, isHeld });
      if (batch.operations.length === 0) return { status: 'idle' } as const;
      await tx.setOutbox(batch.outbox);
      await tx.setMeta({ ...meta, lastSeq: batch.lastSeq });
      const request: SyncBatchRequest = {
        schemaVersion: SYNC_SCHEMA_VERSION,
        clientId: meta.clientId,
        userId: meta.userId,
        ackedThrough: meta.ackedThrough,
        operations: batch.operations,
      };
      return request;
    });
    if ('status' in prepared) return prepared;
    const response = await send(prepared).catch(() => null);
    const outcome = response
      ? await classifyBatchResponse(response, this.options.checks)
      : ({ kind: 'retry' } as const);
    return this.atomically(async (tx, meta): Promise<FlushResult> => {
      if (outcome.kind === 'pause') {
        await tx.setMeta({ ...meta, paused: outcome.reason });
        return { status: 'paused', reason: outcome.reason };
      }
      if (outcome.kind === 'outOfOrder') {
        const outbox = applyOutOfOrder(await tx.getOutbox(), outcome.lastSeq);
        if (outbox) await tx.setOutbox(outbox);
        else await tx.setMeta({ ...meta, paused: 'out_of_order' });
        return outbox
          ? { status: 'sent', batches: 0, renamed: [] }
          : { status: 'paused', reason: 'out_of_order' };
      }
      if (outcome.kind === 'answer') {
        const now = iso(this.options.now());
        const answered = applyAnswer(
          {
            outbox: await tx.getOutbox(),
            conflicts: await tx.getConflicts(),
            clientId: meta.clientId,
            ackedThrough: meta.ackedThrough,
          },
          outcome.answer,
          now,
        );
        // An answer that answers none of what was sent would have the same batch resent at once, forever.
        if (answered.ackedThrough > meta.ackedThrough) {
          await tx.setOutbox(answered.outbox);
          await tx.setConflicts(answered.conflicts);
          await tx.setMeta({
            ...meta,
            ackedThrough: answered.ackedThrough,
            failures: 0,
            nextAttemptAt: null,
          });
          return { status: 'sent', batches: 1, renamed: answered.renamed };
        }
      }
      const failures = meta.failures + 1;
      const nextAttemptAt = this.options.now() + backoffDelay(failures, this.options.random);
      await tx.setMeta({ ...meta, failures, nextAttemptAt });
      return { status: 'failed', failures, nextAttemptAt };
    });
  }

  /**
   * Drops an edit the person no longer wants (the outbox view's 'Abandonner'). Only an unsent entry can
   * go: a numbered one may already be applied by the server, and its `seq` must be answered. Answers
   * whether it went.
   */
  discard(localId: number): Promise<boolean> {
    return this.atomically(async (tx) => {
      const outbox = await tx.getOutbox();
      const kept = outbox.filter((entry) => entry.localId !== localId || entry.state !== 'pending');
      if (kept.length === outbox.length) return false;
      await tx.setOutbox(kept);
      return true;
    });
  }

  /**
   * Lets the next send go now instead of at the end of the backoff: the browser came back online, or the
   * person asked to send. The failure count stays, as only a success resets it: a send that
   * fails again waits longer than the last. A pause stays too; `resume` lifts it.
   */
  retryNow(): Promise<void> {
    return this.atomically(async (tx, meta) => {
      if (meta.nextAttemptAt !== null) await tx.setMeta({ ...meta, nextAttemptAt: null });
    });
  }

  /** After a 401 pause (the same user signed in again) or another refusal was dealt with: send again. */
  resume(): Promise<void> {
    return this.atomically((tx, meta) =>
      tx.setMeta({ ...meta, paused: null, failures: 0, nextAttemptAt: null }),
    );
  }

  /**
   * Catches up every kind of data from the stored cursor, page by page, one pull in flight: one read per
   * page for all kinds, stored in one transaction. A reset (cursor too old, another epoch) reads everything
   * again: the rows are replaced, the outbox is kept. A stale page (cursor behind the stored one) is ignored
   * and ends the pull.
   */
  async pull(fetchPage: PullTransport): Promise<PullResult> {
    if (this.pulling) return { status: 'busy' };
    this.pulling = true;
    try {
      let since = await this.options.store.atomically(sharedCursor);
      const hadCopy = since !== null;
      let changed = false;
      for (let pages = 1; ; pages += 1) {
        const { clientId, ackedThrough } = await this.meta();
        const page = await fetchPage({ since, clientId, ackedThrough });
        if (page.resetRequired) {
          if (since === null) throw new Error('A full read answered resetRequired');
          since = null;
          continue;
        }
        const full = since === null;
        const stored = await this.atomically(async (tx, meta) => {
          // `lastSeq` says the rows show this device's operations once the whole read is stored: an
          // earlier page may lack a row an acked entry still shows.
          const lastSeq = page.hasMore ? 0 : page.lastSeq;
          let outbox = await tx.getOutbox();
          let storedAny = false;
          for (const entity of SYNC_ENTITIES) {
            const rows = page.rows[entity];
            const plan = planPullPage(
              { ...page, rows, lastSeq },
              await tx.getCursor(entity),
              outbox,
              full,
              entity,
            );
            if (!plan) continue;
            storedAny = true;
            changed ||= hadCopy && (plan.clear || plan.put.length > 0 || plan.remove.length > 0);
            if (plan.clear) await tx.clearRows(entity);
            await tx.putRows(entity, plan.put);
            await tx.deleteRows(entity, plan.remove);
            await tx.setCursor(entity, plan.cursor);
            outbox = plan.outbox;
          }
          if (!storedAny) return false;
          await tx.setOutbox(outbox);
          await tx.setMeta(withRowsRevised(meta));
          return true;
        });
        if (!stored || !page.hasMore) return { status: 'pulled', pages, changed };
        since = page.cursor;
      }
    } catch (error) {
      return { status: 'failed', error };
    } finally {
      this.pulling = false;
    }
  }

  /**
   * Settles a conflict. A write it makes goes before the entries this conflict held, so they are sent
   * after it, on top of what the person chose; the held entries are released by the same transaction.
   */
  resolve(conflictId: string, resolution: Resolution): Promise<void> {
    return this.atomically(async (tx, meta) => {
      const conflicts = await tx.getConflicts();
      const record = conflicts.find((candidate) => candidate.id === conflictId);
      if (!record) throw new Error(`No conflict ${conflictId}`);
      const outcome = resolveConflict(record, resolution, iso(this.options.now()));
      await tx.setConflicts(
        conflicts.map((candidate) => (candidate.id === conflictId ? outcome.record : candidate)),
      );
      const kept = outcome.serverRow ? await keepServerRow(tx, record.entity, outcome.serverRow) : false;
      const settled = kept ? withRowsRevised(meta) : meta;
      if (kept) await tx.setMeta(settled);
      if (!outcome.edit) return;
      const outbox = await tx.getOutbox();
      const isHeld = heldBy([record], await projectsOfTasks(tx));
      const firstHeld = outbox.findIndex((entry) => entry.state === 'pending' && isHeld(entry));
      const entry: OutboxEntry = {
        ...outcome.edit,
        localId: settled.nextLocalId,
        createdAt: iso(this.options.now()),
        state: 'pending',
      };
      await tx.setOutbox(
        firstHeld < 0
          ? [...outbox, entry]
          : [...outbox.slice(0, firstHeld), entry, ...outbox.slice(firstHeld)],
      );
      await tx.setMeta({ ...settled, nextLocalId: settled.nextLocalId + 1 });
    });
  }

  /** Clears the resolved conflicts, or all of them (`purge`), which releases whatever they held. */
  clearConflicts({ purge = false }: { purge?: boolean } = {}): Promise<void> {
    return this.options.store.atomically(async (tx) =>
      tx.setConflicts(purge ? [] : (await tx.getConflicts()).filter((record) => !record.resolved)),
    );
  }

  private atomically<T>(work: (tx: SyncTransaction, meta: SyncMeta) => Promise<T>): Promise<T> {
    return this.options.store.atomically(async (tx) => {
      const meta = await tx.getMeta();
      if (!meta) throw new Error('The sync store was never opened');
      return work(tx, meta);
    });
  }
}

const hasOpenConflict = (conflicts: readonly ConflictRecord[]) =>
  conflicts.some((conflict) => !conflict.resolved);
const noneHeld = () => false;

/** The outbox as the UI shows it: each unsent entry flagged when it waits on an open conflict. */
const flagHeld = (
  outbox: readonly OutboxEntry[],
  isHeld: (entry: OutboxEntry) => boolean,
): Array<OutboxEntry & { held: boolean }> =>
  outbox.map((entry) => ({ ...entry, held: entry.state === 'pending' && isHeld(entry) }));

async function storedRows(tx: SyncTransaction): Promise<Record<SyncEntity, Row[]>> {
  const rows: Partial<Record<SyncEntity, Row[]>> = {};
  for (const entity of SYNC_ENTITIES) rows[entity] = await tx.getRows(entity);
  return rows as Record<SyncEntity, Row[]>;
}

/**
 * The cursor every kind was read to, or null (a full read) when they differ: a copy whose kinds were
 * read one by one, before the single catch-up read, is read again once.
 */
async function sharedCursor(tx: SyncTransaction): Promise<string | null> {
  const cursors = new Set<string | null>();
  for (const entity of SYNC_ENTITIES) cursors.add(await tx.getCursor(entity));
  return cursors.size === 1 ? [...cursors][0]! : null;
}

async function projectsOfTasks(tx: SyncTransaction): Promise<ProjectOf> {
  const projects = new Map((await tx.getRows('task')).map((row) => [row.id, row.project]));
  return (taskId) => {
    const project = projects.get(taskId);
    return typeof project === 'string' ? project : undefined;
  };
}

/**
 * "Apply the server version": show the conflict's server row unless the store already has a newer one.
 * Answers whether the stored rows changed.
 */
async function keepServerRow(tx: SyncTransaction, entity: SyncEntity, serverRow: Fields): Promise<boolean> {
  const { id, version } = serverRow;
  if (typeof id !== 'string' || typeof version !== 'number' || serverRow.deletedAt) return false;
  const stored = await tx.getRow(entity, id);
  if (stored && stored.version >= version) return false;
  await tx.putRows(entity, [{ ...serverRow, id, version }]);
  return true;
}
