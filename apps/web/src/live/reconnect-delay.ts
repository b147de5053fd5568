import { REALTIME } from '@jalon/contract/plain';

/**
 * The wait before reconnect attempt `attempt` (1 for the first): the base (2000 ms, at least
 * 5000 ms from attempt 4) doubled per attempt, capped at 60000 ms, plus up to 500 ms of jitter so that the
 * browsers a restart disconnected do not all come back in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base =
    attempt >= 4 ? Math.max(REALTIME.baseDelayMs, REALTIME.minBaseFromAttempt4Ms) : REALTIME.baseDelayMs;
  return Math.min(base * 2 ** (attempt - 1), REALTIME.maxDelayMs) + Math.round(random() * REALTIME.jitterMs);
}
