import type { Comment, Label, Project, Task } from '@jalon/contract';
import type { ConflictRecord, OutboxEntry, PauseReason } from '@jalon/sync';
import type { PendingState } from './work-rows.ts';

/**
 * Where this device keeps the person's copy: `indexeddb` (the shipped build), or `memory` when the build
 * flag is off or IndexedDB could not open (the app then works online and keeps nothing).
 */
export type StorageKind = 'indexeddb' | 'memory';

/** Everything the screens show of the person's work, as one immutable value (a new one on each change). */
export interface WorkSnapshot {
  /** False until the device holds a copy to show (a full read completed once, now or on an earlier visit). */
  ready: boolean;
  /** The first full read failed and there is no copy to show. */
  loadError: unknown;
  storage: StorageKind;
  /** The shipped build could not open IndexedDB (private mode, quota): said once, then the app works online. */
  storageUnavailable: 'quota' | 'refused' | null;
  tasks: readonly Task[];
  projects: readonly Project[];
  /** Every label, by name. */
  labels: readonly Label[];
  /** Every comment of the tasks on this device, tombstones included, oldest first (its own unsent last). */
  comments: readonly Comment[];
  /** By entity id: what is waiting or clashing on this device. */
  pending: ReadonlyMap<string, PendingState>;
  outbox: ReadonlyArray<OutboxEntry & { held: boolean }>;
  conflicts: readonly ConflictRecord[];
  paused: PauseReason | null;
  /** After failed sends: when the next may start (ms since the epoch). */
  nextAttemptAt: number | null;
  /** This tab is sending right now. */
  sending: boolean;
  /** When this tab last saw the server's state (a pull or an answer), ms since the epoch. */
  lastSyncedAt: number | null;
  /** Rises each time server state reached the store (an answer or a pull): server reads may refresh. */
  serverRevision: number;
}

/**
 * What the screens see before the store has loaded: the engine's first snapshot, and the provider's
 * while the engine starts. Its own module so that the provider (in the layout's bundle) does not pull
 * the engine, which loads through import().
 */
export const emptySnapshot = (
  storage: WorkSnapshot['storage'],
  storageUnavailable: WorkSnapshot['storageUnavailable'],
): WorkSnapshot => ({
  ready: false,
  loadError: null,
  storage,
  storageUnavailable,
  tasks: [],
  projects: [],
  labels: [],
  comments: [],
  pending: new Map(),
  outbox: [],
  conflicts: [],
  paused: null,
  nextAttemptAt: null,
  sending: false,
  lastSyncedAt: null,
  serverRevision: 0,
});
