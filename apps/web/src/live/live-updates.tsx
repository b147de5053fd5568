import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { expireSession } from '../lib/api-client.ts';
import { afterNextPaint } from '../lib/after-paint.ts';
import { getSession, subscribeSession } from '../lib/session-store.ts';
import { useWorkEngine } from '../offline/work-context.tsx';
import { workHandlers } from './work-handlers.ts';
import { startLiveUpdates } from './start-live-updates.ts';

const userIdOf = () => getSession().user?.id ?? null;

/** Starts the live updates for the signed-in user (mounted once, in the layout); renders nothing. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const userId = useSyncExternalStore(subscribeSession, userIdOf, userIdOf);
  // The engine starts after the stream may have: events read it when they come, without a restart.
  const engine = useWorkEngine();
  const engineRef = useRef(engine);
  useEffect(() => {
    engineRef.current = engine;
  }, [engine]);
  useEffect(() => {
    // No EventSource (very old browsers, the unit tests' DOM): the screens still work, without live updates.
    if (!userId || typeof EventSource === 'undefined') return;
    // Opened once the screen has painted: the stream and its catch-up call are not part of the first screen.
    let stop: (() => void) | undefined;
    const cancel = afterNextPaint(() => {
      stop = startLiveUpdates({
        userId,
        ...workHandlers(queryClient, () => engineRef.current),
        // The device's copy goes with a revoked session (live/session-end.ts, after the expiry).
        onRevoked: (reason) => {
          // Signed out here meanwhile (the sign-out revoked the session itself): nothing was taken away.
          if (getSession().user?.id !== userId || getSession().token === null) return;
          expireSession(reason);
        },
      });
    });
    return () => {
      cancel();
      stop?.();
    };
  }, [userId, queryClient]);
  return null;
}
