import type { Project, SyncEntity, Task } from '@jalon/contract';
import {
  byKind,
  computeView,
  MemoryStore,
  SyncClient,
  type BatchTransport,
  type ClientState,
  type Edit,
  type Fields,
  type FlushResult,
  type PullTransport,
  type Resolution,
  type Row,
  type SyncStore,
} from '@jalon/sync';
import {
  createdHere,
  createdHereFirst,
  newestFirst,
  pendingStates,
  labelFromRow,
  projectFromRow,
  commentFromRow,
  oldestFirst,
  taskFromRow,
  type RowContext,
} from './work-rows.ts';
import { yieldToMain } from '../lib/after-paint.ts';
import { pageChecks } from './answer-checks.ts';
import { emptySnapshot, type StorageKind, type WorkSnapshot } from './work-snapshot.ts';
import { keptInMemory, membersCopy, type KeptValues, type MembersCopy } from './members-copy.ts';
import { joinSenderLock, type SenderLock, type SenderLockOptions, type SyncMessage } from './sender-lock.ts';
import { createSyncScheduler, type SyncScheduler, type SyncSchedulerOptions } from './sync-scheduler.ts';

/** What a reload of the store tells the screens. */
interface ReloadOptions {
  /** Read the rows too (not only the outbox and conflicts). */
  rows: boolean;
  /** The server was reached: the last-sync time moves. */
  synced?: boolean;
  /** The server's data moved: screens that read the server themselves (the dashboard) read again. */
  serverChanged?: boolean;
}

/** A patch the person made: the entity, and the values before and after it. */
export interface MadeEdit {
  entity: SyncEntity;
  id: string;
  before: Fields;
  after: Fields;
}

export interface SyncEngineOptions {
  userId: string;
  store: SyncStore;
  storage: StorageKind;
  storageUnavailable?: 'quota' | 'refused' | null;
  sendBatch: BatchTransport;
  fetchPage: PullTransport;
  /** Tabs share the store only with IndexedDB: then one sends (Web Lock) and the others follow. */
  joinLock?: (options: SenderLockOptions) => SenderLock;
  schedule?: (options: SyncSchedulerOptions) => SyncScheduler;
  now?: () => number;
  newId?: () => string;
  /** Closes the store (sign-out); deleting it is `discardLocalData`'s job. */
  close?: () => void;
  /** Where the members directory is kept for offline use; memory when not given. */
  members?: MembersCopy;
  /** Where other copies the screens keep for offline use live (the inbox); memory when not given. */
  kept?: KeptValues;
}

/**
 * The offline engine of one signed-in user in one tab: the sync core over the device's store, the sender
 * lock and the schedule, and an in-memory copy of the server rows from which the screens' snapshot is
 * computed. Every edit goes through the outbox, online or not (one write path); the snapshot changes when
 * this tab edits, when an answer or a pull lands (here or, through the channel, in another tab).
 */
export class SyncEngine {
  private snapshot: WorkSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly editListeners = new Set<(edit: MadeEdit) => void>();
  private rows: Record<SyncEntity, Row[]> = byKind(() => []);
  /** The store's `rowsRevision` when `rows` were read: rows older than an outbox read later are read again. */
  private rowsSeen = -1;
  private scheduler: SyncScheduler | null = null;
  private lock: SenderLock | null = null;
  private stopped = false;
  /** Edits whose transaction has not ended yet. */
  private readonly recording = new Set<Promise<unknown>>();
  // Reads of the store run one after the other, so an older read never overwrites a newer snapshot.
  private reading: Promise<void> = Promise.resolve();
  /**
   * Numbers this tab's reads of the store (an edit's own, a reload's) in the order the store runs them,
   * which is the order they are asked in; `shownRead` is the newest on screen. An edit's state waits behind
   * the reloads already asked for, and one of them may have read after it: that newer state includes the
   * edit, and showing the edit's over it would take back what came between (a rename to the server's id).
   */
  private readsAsked = 0;
  private shownRead = 0;

  private loadPull: Promise<void> = Promise.resolve();

  /** The members directory as last read online (members/api/members.ts). */
  readonly members: MembersCopy;
  /** Values kept with the person's copy and wiped with it: the inbox as last read, its reads to send. */
  readonly kept: KeptValues;

  private constructor(
    private readonly client: SyncClient,
    private readonly options: SyncEngineOptions,
  ) {
    this.snapshot = emptySnapshot(options.storage, options.storageUnavailable ?? null);
    this.kept = options.kept ?? keptInMemory();
    this.members = options.members ?? membersCopy(this.kept);
  }

  static async start(options: SyncEngineOptions): Promise<SyncEngine> {
    const client = await SyncClient.open({
      store: options.store,
      userId: options.userId,
      now: options.now ?? Date.now,
      newId: options.newId ?? (() => crypto.randomUUID()),
      checks: pageChecks,
    });
    const engine = new SyncEngine(client, options);
    // Signing in again as the same person is what a 401 pause waited for.
    if ((await client.meta()).paused === 'unauthorized') await client.resume();
    await engine.reload({ rows: true });
    engine.joinTabs();
    // A page load catches up whichever tab sends: another tab's store is only as fresh as its last pull,
    // and until this pull lands the page says it has not synced yet (lastSyncedAt stays null).
    engine.loadPull = engine.pull().then(
      () => undefined,
      () => undefined,
    );
    return engine;
  }

  /** An engine over memory, for a build without offline sync or a browser that refuses IndexedDB. */
  static inMemory(options: Omit<SyncEngineOptions, 'store' | 'storage' | 'close'>): Promise<SyncEngine> {
    return SyncEngine.start({ ...options, store: new MemoryStore(), storage: 'memory' });
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): WorkSnapshot => this.snapshot;

  /** Hears each patch the person makes, with the values it replaced; answers what stops listening. */
  onEdited(listener: (edit: MadeEdit) => void): () => void {
    this.editListeners.add(listener);
    return () => this.editListeners.delete(listener);
  }

  private shownFields(entity: SyncEntity, id: string, fields: readonly string[]): Fields | null {
    const rows: ReadonlyArray<Task | Project> =
      entity === 'task' ? this.snapshot.tasks : this.snapshot.projects;
    const row = rows.find((candidate) => candidate.id === id) as Record<string, unknown> | undefined;
    return row ? Object.fromEntries(fields.map((field) => [field, row[field]])) : null;
  }

  get clientId(): string {
    return this.client.clientId;
  }

  /**
   * Records an edit (stored before it shows), shows it, and has it sent at once. Answers the entity's id.
   * A patch the person made (`undoable`, unlike an undo's own write) is reported to `onEdited` with the
   * values it replaced, for Ctrl+Z.
   */
  async edit(edit: Edit, { undoable = true }: { undoable?: boolean } = {}): Promise<string> {
    const before =
      edit.op === 'patch' ? this.shownFields(edit.entity, edit.id, Object.keys(edit.data)) : null;
    const asked = ++this.readsAsked;
    const recording = this.client
      .recordEdit(edit, { rowsSeen: this.rowsSeen })
      .then(async ({ id, state }) => {
        await this.publishAfterReads(state, asked);
        return id;
      });
    this.recording.add(recording);
    const id = await recording.finally(() => this.recording.delete(recording));
    if (before && undoable && edit.op === 'patch')
      this.editListeners.forEach((listener) =>
        listener({ entity: edit.entity, id, before, after: edit.data }),
      );
    this.lock?.announce('edited');
    this.scheduler?.edited();
    return id;
  }

  async resolve(conflictId: string, resolution: Resolution): Promise<void> {
    await this.client.resolve(conflictId, resolution);
    await this.changedHere({ rows: true });
    this.scheduler?.edited();
  }

  async clearConflicts(options: { purge?: boolean } = {}): Promise<void> {
    await this.client.clearConflicts(options);
    await this.changedHere({ rows: false });
    this.scheduler?.edited();
  }

  async discard(localId: number): Promise<boolean> {
    const discarded = await this.client.discard(localId);
    await this.changedHere({ rows: false });
    return discarded;
  }

  /** 'Réessayer': lifts a pause or the backoff and sends at once. */
  async retry(): Promise<void> {
    await this.client.resume();
    await this.changedHere({ rows: false });
    this.scheduler?.edited();
  }

  /**
   * Resolves once every edit made so far is in the outbox and on screen (or failed): sign-out counts the
   * unsent edits after it, so a 'Sauver' clicked a moment before is counted, not left out of the question.
   */
  async editsRecorded(): Promise<void> {
    await Promise.allSettled([...this.recording]);
  }

  /**
   * Sends what waits now, from whichever tab asks (sign-out's 'Envoyer maintenant'). The person asked for
   * this attempt: the backoff after earlier failures does not hold it back (a pause still does).
   */
  async sendNow(): Promise<FlushResult> {
    await this.client.retryNow();
    return this.flush();
  }

  /** Reads what the server changed ('Actualiser'): any tab may, the core ignores a page older than the store's. */
  /** Reads what changed on the server, after the page load's own catch-up (which a refresh would find busy). */
  async refresh(): Promise<void> {
    await this.loadPull;
    await this.pull();
  }

  /** Reads the outbox and the conflicts again (the panel's 5-second poll). */
  reread(): Promise<void> {
    return this.reload({ rows: false });
  }

  /** A realtime event said the server changed: the sender catches up once the burst settles. */
  serverChanged(): void {
    this.scheduler?.serverChanged();
  }

  /** Sign-out or the layout going away: stop sending, let another tab take over, close the store. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.lock?.release();
    this.scheduler?.stop();
    this.listeners.clear();
    this.editListeners.clear();
    this.options.close?.();
  }

  private joinTabs(): void {
    const lead = () => {
      const scheduler = (this.options.schedule ?? createSyncScheduler)({
        flush: () => this.flush(),
        retryNow: () => this.client.retryNow(),
        pull: () => this.pull(),
      });
      this.scheduler = scheduler;
      scheduler.start();
      return () => {
        scheduler.stop();
        this.scheduler = null;
      };
    };
    if (this.options.storage === 'memory') {
      // Each tab has its own memory: each sends its own edits, and there is no one to tell.
      lead();
      return;
    }
    this.lock = (this.options.joinLock ?? joinSenderLock)({
      userId: this.options.userId,
      lead,
      onMessage: (message: SyncMessage) => {
        if (message === 'edited') this.scheduler?.edited();
        void this.reload({
          rows: message !== 'edited',
          synced: message !== 'edited',
          serverChanged: message === 'changed',
        });
      },
    });
  }

  private async flush(): Promise<FlushResult> {
    this.update({ sending: true });
    try {
      const result = await this.client.flush(this.options.sendBatch);
      if (result.status === 'sent') {
        await this.changedHere({ rows: false, synced: true, serverChanged: true });
        // What the server derived (a project's counts and progress, its own dates) and the end of the
        // acked overlays come with a pull: one follows, once the sends of a burst have settled.
        this.scheduler?.serverChanged();
      } else await this.reload({ rows: false });
      return result;
    } finally {
      this.update({ sending: false });
    }
  }

  private async pull() {
    const result = await this.client.pull(this.options.fetchPage);
    if (result.status === 'pulled' && result.changed)
      await this.changedHere({ rows: true, synced: true, serverChanged: true });
    else if (result.status === 'pulled') await this.changedHere({ rows: true, synced: true }, 'synced');
    else if (result.status === 'failed' && !this.snapshot.ready) this.update({ loadError: result.error });
    return result;
  }

  /** This tab changed the store: show it, and tell the other tabs. */
  private async changedHere(options: ReloadOptions, message: SyncMessage = 'changed'): Promise<void> {
    await this.reload(options);
    this.lock?.announce(message);
  }

  /** Shows a state read elsewhere (an edit's own transaction), after any read already under way. */
  private publishAfterReads(state: ClientState, asked: number): Promise<void> {
    const published = this.reading.then(() => {
      if (this.stopped || asked < this.shownRead) return;
      this.shownRead = asked;
      this.keepRows(state);
      this.publish(state, {});
    });
    this.reading = published.catch(() => undefined);
    return published;
  }

  private reload({ rows, synced = false, serverChanged = false }: ReloadOptions): Promise<void> {
    const read = this.reading.then(async () => {
      if (this.stopped) return;
      const asked = ++this.readsAsked;
      const state = await this.client.state({ rows, rowsSeen: this.rowsSeen });
      // The screens render what is published in the task that publishes it: a task of its own, not the
      // end of the store's read (issue 17: together they were one long task on a phone).
      await yieldToMain();
      if (this.stopped) return;
      this.shownRead = Math.max(this.shownRead, asked);
      this.keepRows(state);
      this.publish(state, { synced, serverChanged });
    });
    this.reading = read.catch(() => undefined);
    return read;
  }

  /** Keeps the rows a state read brought (it read them because they are newer than those held). */
  private keepRows({ rows, meta }: ClientState): void {
    if (!rows) return;
    this.rows = {
      task: newestFirst(rows.task),
      project: newestFirst(rows.project),
      label: rows.label,
      comment: oldestFirst(rows.comment),
    };
    this.rowsSeen = meta.rowsRevision ?? 0;
  }

  private publish(state: ClientState, { synced, serverChanged }: Omit<ReloadOptions, 'rows'>): void {
    const context: RowContext = { userId: this.options.userId, createdAt: createdHere(state.outbox) };
    const now = (this.options.now ?? Date.now)();
    this.update({
      ready: this.snapshot.ready || state.hasCopy,
      ...(state.hasCopy && { loadError: null }),
      tasks: createdHereFirst(computeView(this.rows.task, state.outbox, 'task')).map((row) =>
        taskFromRow(row, context),
      ),
      projects: createdHereFirst(computeView(this.rows.project, state.outbox, 'project')).map((row) =>
        projectFromRow(row, context),
      ),
      labels: computeView(this.rows.label, state.outbox, 'label')
        .map(labelFromRow)
        .sort((a, b) => a.name.localeCompare(b.name, 'fr')),
      // What this device wrote and the server has not read back yet comes last: it is the newest.
      comments: computeView(this.rows.comment, state.outbox, 'comment').map((row) =>
        commentFromRow(row, context),
      ),
      pending: pendingStates(state.outbox, state.conflicts),
      outbox: state.outbox,
      conflicts: state.conflicts,
      paused: state.meta.paused,
      nextAttemptAt: state.meta.nextAttemptAt,
      ...(synced && { lastSyncedAt: now }),
      ...(serverChanged && { serverRevision: this.snapshot.serverRevision + 1 }),
    });
  }

  private update(patch: Partial<WorkSnapshot>): void {
    if (this.stopped) return;
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}
