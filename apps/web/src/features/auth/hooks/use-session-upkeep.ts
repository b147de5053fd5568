import { useEffect, useRef, useState } from 'react';
import { SESSION } from '@jalon/contract/plain';
import { expireSession } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { checkSession } from '../api/check-session.ts';

// setTimeout runs a longer delay at once (it overflows a 32-bit integer): a session ending more than
// 24.8 days away would be refreshed immediately, and again after every refresh.
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
import { refreshSession } from '../api/refresh-session.ts';

/**
 * Keeps a signed-in session alive and honest: asks the server every
 * 5 minutes whether the session is still valid, and refreshes it 5 minutes before it expires, or halfway
 * through its idle window when the server's window is shorter than that (SESSION_IDLE_MINUTES under 5).
 */
export function useSessionUpkeep(active: boolean): void {
  const sessionExpiry = useSession((session) => session.sessionExpiry);
  // Expiry the server would not move any further (absolute limit reached): refreshing it again
  // would only loop, so it is left to run out.
  const cappedExpiry = useRef<string | null>(null);
  // When the last refresh was sent. An idle window shorter than the lead is slid by every answer, the
  // refresh's own included, so its expiry is always new and always within the lead: without a floor the
  // page would refresh again after each answer (a storm of refreshes). No refresh comes before half the
  // window since the last one has passed.
  const lastRefreshAt = useRef<number | null>(null);
  const [recheck, setRecheck] = useState(0);

  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => {
      checkSession().then(
        (result) => {
          if (!result.valid) expireSession(result.ended);
        },
        // A failed check (offline, server restarting) proves nothing; the next one decides.
        () => undefined,
      );
    }, SESSION.checkIntervalMs);
    return () => clearInterval(timer);
  }, [active]);

  useEffect(() => {
    if (!active || sessionExpiry === null || cappedExpiry.current === sessionExpiry) return undefined;
    const expiresAt = Date.parse(sessionExpiry);
    if (Number.isNaN(expiresAt)) return undefined;
    const refreshedAt = lastRefreshAt.current;
    const due = Math.max(
      expiresAt - SESSION.refreshBeforeExpiryMs,
      refreshedAt === null ? 0 : refreshedAt + (expiresAt - refreshedAt) / 2,
    );
    const delay = Math.max(0, due - Date.now());
    if (delay > MAX_TIMER_DELAY_MS) {
      // Look again once the expiry is within reach; the 5-minute checks keep the session honest meanwhile.
      const later = setTimeout(() => setRecheck((value) => value + 1), MAX_TIMER_DELAY_MS);
      return () => clearTimeout(later);
    }
    const timer = setTimeout(() => {
      lastRefreshAt.current = Date.now();
      refreshSession().then(
        (result) => {
          if (Date.parse(result.expiresAt) - Date.now() <= SESSION.refreshBeforeExpiryMs) {
            cappedExpiry.current = result.expiresAt;
          }
        },
        () => {
          cappedExpiry.current = sessionExpiry;
        },
      );
    }, delay);
    return () => clearTimeout(timer);
  }, [active, sessionExpiry, recheck]);
}
