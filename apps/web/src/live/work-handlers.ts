import type { QueryClient } from '@tanstack/react-query';
import { notificationArrived } from '../features/notifications/notification-arrived.ts';
import type { SyncEngine } from '../offline/sync-engine.ts';
import type { LiveHandlers } from './live-state.ts';

/**
 * What a live event does: the screens read the device's copy, so a task or project event is a pull of
 * what changed (the engine's delta read); the dashboard and other server reads follow the pull through
 * the engine's server revision. A resync also reads every server query again; a notification reads the
 * inbox again.
 */
export function workHandlers(queryClient: QueryClient, engine: () => SyncEngine | null): LiveHandlers {
  const pull = async () => {
    await engine()?.refresh();
  };
  return {
    onTaskChanges: pull,
    onProjectChanges: pull,
    onCommentChanges: pull,
    onLabelChanges: pull,
    onNotification: (event) => notificationArrived(queryClient, event),
    ownDevice: () => engine()?.clientId ?? null,
    async onResync() {
      await Promise.all([pull(), queryClient.invalidateQueries()]);
    },
  };
}
