import { SYNC } from '@jalon/contract/plain';
import type { ChangeEvent, Digest, NotificationStreamEvent } from '@jalon/contract';
import type { ConnectionState, LiveEvent } from './live-connection.ts';

/** The badges of a task row: 'Stale' (an event said it changed), 'Maj…' (being read again). */
export type TaskBadge = 'stale' | 'updating';

export interface LiveSnapshot {
  connection: ConnectionState;
  /** Epoch ms of the last refresh that went through (or of the start). */
  lastSyncAt: number;
  /** Per task id. */
  taskBadges: ReadonlyMap<string, TaskBadge>;
  /** 'Auto-refresh' runs (or ran less than 5 s ago): the last sync was older than 10 minutes. */
  autoRefresh: boolean;
  /** "Pendant votre absence…", until dismissed. */
  digest: Digest | null;
}

/** What a refresh does: a pull of the offline engine (work-handlers.ts). */
export interface LiveHandlers {
  onTaskChanges: (events: ChangeEvent[]) => Promise<void>;
  onProjectChanges: (events: ChangeEvent[]) => Promise<void>;
  /** A comment written elsewhere: its task's open thread shows it once read. */
  onCommentChanges: (events: ChangeEvent[]) => Promise<void>;
  /** A label made, renamed, recoloured or deleted elsewhere (its tasks' own events follow a delete). */
  onLabelChanges: (events: ChangeEvent[]) => Promise<void>;
  /** A new notification for the person: the inbox and its badge read again, and a toast says so. */
  onNotification: (event: NotificationStreamEvent) => void;
  /** Something may have been missed (a reconnect, a resync, the 10-minute refresh): read everything again. */
  onResync: () => Promise<void>;
  /** This browser's device (its sync client id): what its own batches changed is in its copy already. */
  ownDevice?: () => string | null;
}

/**
 * The live state of one tab: the connection, the badges and the refreshes. A change event marks its task
 * 'Stale' and, 600 ms after the last event of a burst, one refresh runs ('Maj…' meanwhile); every 5 s
 * the age of the last sync is checked and past 10 minutes everything is read again ('Auto-refresh').
 * Badges last 5 s at most, so a refresh that hangs never leaves one behind.
 */
export class LiveState {
  private snapshot: LiveSnapshot;
  private readonly listeners = new Set<() => void>();
  private pending: ChangeEvent[] = [];
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private readonly expiries = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly check: ReturnType<typeof setInterval>;
  private refreshing: Promise<void> = Promise.resolve();
  private autoRefreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly handlers: LiveHandlers,
    private readonly now: () => number = Date.now,
    /** Called after each refresh that went through: the person is up to date. */
    private readonly onSynced: (at: number) => void = () => undefined,
  ) {
    this.snapshot = {
      connection: { kind: 'connecting' },
      lastSyncAt: now(),
      taskBadges: new Map(),
      autoRefresh: false,
      digest: null,
    };
    this.check = setInterval(() => this.checkAge(), SYNC.autoRefreshCheckMs);
  }

  getSnapshot = (): LiveSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setConnection(connection: ConnectionState): void {
    this.update({ connection });
  }

  setDigest(digest: Digest | null): void {
    this.update({ digest });
  }

  receive(event: LiveEvent): void {
    if (event.type === 'resync') return void this.resync();
    // The person's own news, sent to their streams only: shown at once, never held for a burst.
    if (event.type === 'notification.created') return this.handlers.onNotification(event);
    // This device's own edit, back from the server: the copy has it and the send's own pull brings what
    // the server derived, so the row is neither marked nor read again.
    if (event.device !== null && event.device === this.handlers.ownDevice?.()) return;
    if (event.type.startsWith('task.')) this.badge(event.id, 'stale');
    this.pending.push(event);
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.flush(), SYNC.deltaRefreshDebounceMs);
  }

  /** Reads everything again: after a reconnect, a resync, or when the last sync is too old. */
  resync(): Promise<void> {
    return this.refresh(() => this.handlers.onResync());
  }

  dispose(): void {
    clearInterval(this.check);
    clearTimeout(this.debounce);
    clearTimeout(this.autoRefreshTimer);
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.listeners.clear();
  }

  private async flush(): Promise<void> {
    const events = this.pending;
    this.pending = [];
    const tasks = events.filter((event) => event.type.startsWith('task.'));
    const projects = events.filter((event) => event.type.startsWith('project.'));
    const comments = events.filter((event) => event.type.startsWith('comment.'));
    const labels = events.filter((event) => event.type.startsWith('label.'));
    for (const task of tasks) this.badge(task.id, 'updating');
    await this.refresh(async () => {
      await Promise.all([
        tasks.length > 0 ? this.handlers.onTaskChanges(tasks) : undefined,
        projects.length > 0 ? this.handlers.onProjectChanges(projects) : undefined,
        comments.length > 0 ? this.handlers.onCommentChanges(comments) : undefined,
        labels.length > 0 ? this.handlers.onLabelChanges(labels) : undefined,
      ]);
    });
    for (const task of tasks) if (this.snapshot.taskBadges.get(task.id) === 'updating') this.unbadge(task.id);
  }

  /** Refreshes run one after the other; one that fails leaves the last sync where it was. */
  private refresh(work: () => Promise<void>): Promise<void> {
    const run = this.refreshing.then(async () => {
      try {
        await work();
        const at = this.now();
        this.update({ lastSyncAt: at });
        this.onSynced(at);
      } catch (error) {
        console.warn('Actualisation en direct échouée', error);
      }
    });
    this.refreshing = run;
    return run;
  }

  private checkAge(): void {
    if (this.snapshot.autoRefresh || this.now() - this.snapshot.lastSyncAt <= SYNC.autoRefreshAfterMs) return;
    this.update({ autoRefresh: true });
    clearTimeout(this.autoRefreshTimer);
    this.autoRefreshTimer = setTimeout(() => this.update({ autoRefresh: false }), SYNC.badgeMs);
    void this.resync();
  }

  private badge(taskId: string, badge: TaskBadge): void {
    const badges = new Map(this.snapshot.taskBadges).set(taskId, badge);
    this.update({ taskBadges: badges });
    clearTimeout(this.expiries.get(taskId));
    this.expiries.set(
      taskId,
      setTimeout(() => this.unbadge(taskId), SYNC.badgeMs),
    );
  }

  private unbadge(taskId: string): void {
    clearTimeout(this.expiries.get(taskId));
    this.expiries.delete(taskId);
    if (!this.snapshot.taskBadges.has(taskId)) return;
    const badges = new Map(this.snapshot.taskBadges);
    badges.delete(taskId);
    this.update({ taskBadges: badges });
  }

  private update(patch: Partial<LiveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
