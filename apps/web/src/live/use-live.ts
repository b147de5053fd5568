import { useSyncExternalStore } from 'react';
import type { ConnectionState } from './live-connection.ts';
import type { TaskBadge } from './live-state.ts';
import { getLiveSnapshot, subscribeLive } from './live-store.ts';
import type { LiveSnapshot } from './live-state.ts';

const useLiveSnapshot = (): LiveSnapshot =>
  useSyncExternalStore(subscribeLive, getLiveSnapshot, getLiveSnapshot);

/** The realtime connection, for the connection indicator. */
export const useLiveStatus = (): ConnectionState => useLiveSnapshot().connection;

export type LiveBadgeKind = TaskBadge | 'auto-refresh';

/** The badge one task row shows now, if any: its own, else the list-wide 'Auto-refresh'. */
export function useTaskLiveBadge(taskId: string): LiveBadgeKind | null {
  const snapshot = useLiveSnapshot();
  return snapshot.taskBadges.get(taskId) ?? (snapshot.autoRefresh ? 'auto-refresh' : null);
}

export const useLastSync = (): { at: number; autoRefresh: boolean } => {
  const snapshot = useLiveSnapshot();
  return { at: snapshot.lastSyncAt, autoRefresh: snapshot.autoRefresh };
};

export const useDigest = () => useLiveSnapshot().digest;
