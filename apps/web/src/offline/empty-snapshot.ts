import type { WorkSnapshot } from './sync-engine.ts';

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
  pending: new Map(),
  outbox: [],
  conflicts: [],
  paused: null,
  nextAttemptAt: null,
  sending: false,
  lastSyncedAt: null,
  serverRevision: 0,
});
