import { SYNC } from '@jalon/contract/plain';
import type { FlushResult, PullResult } from '@jalon/sync';

/** Time as the scheduler sees it; the browser's by default, a test's fake otherwise. */
export interface SchedulerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

// Read at each call, not at load: vitest's fake timers replace the globals after this module is loaded.
const browserClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface SyncSchedulerOptions {
  /** Sends the outbox (`SyncClient.flush` with the batch transport). */
  flush: () => Promise<FlushResult>;
  /** Lets the next send go now, whatever the backoff after earlier failures (`SyncClient.retryNow`). */
  retryNow: () => Promise<void>;
  /** Catches up (`SyncClient.pull` with the pull transport). */
  pull: () => Promise<PullResult>;
  /** After a flush that sent something or a pull that stored pages: the other tabs re-read the store. */
  onStored?: () => void;
  isOnline?: () => boolean;
  clock?: SchedulerClock;
  /** Where the browser's `online` event is heard. */
  events?: EventTarget;
}

export interface SyncScheduler {
  /** Sends and pulls once, then keeps the schedule of `SYNC` (the contract's constants) until `stop`. */
  start(): void;
  stop(): void;
  /** An edit was recorded (in this tab or another): send it at once. */
  edited(): void;
  /** A realtime task or project event: catch up once the burst has settled. */
  serverChanged(): void;
}

/**
 * When to send and when to pull, for the tab holding the sender lock. The sync core decides
 * whether a send may go (`nextAttemptAt` after failures, with its backoff and jitter) and answers
 * `waiting` otherwise; this only decides when to ask, asks nothing while the browser is offline, and
 * has the core skip the wait when the browser comes back online.
 */
export function createSyncScheduler({
  flush,
  retryNow,
  pull,
  onStored,
  isOnline = () => navigator.onLine,
  clock = browserClock,
  events = window,
}: SyncSchedulerOptions): SyncScheduler {
  let retryAt: number | null = null;
  let lastPulledAt: number | null = null;
  let stopped = true;
  const intervals: unknown[] = [];

  const send = singleFlight(async () => {
    const result = await flush();
    retryAt =
      result.status === 'failed' ? result.nextAttemptAt : result.status === 'waiting' ? result.until : null;
    if (result.status === 'sent') onStored?.();
  });
  const catchUp = singleFlight(async () => {
    const result = await pull();
    if (result.status !== 'pulled') return;
    lastPulledAt = clock.now();
    onStored?.();
  });
  const whenOnline = (step: () => void) => () => {
    if (!stopped && isOnline()) step();
  };
  const sendNow = whenOnline(send);
  const pullNow = whenOnline(catchUp);
  const retryIfDue = whenOnline(() => {
    if (retryAt !== null && clock.now() >= retryAt) send();
  });
  const refreshIfOld = whenOnline(() => {
    if (lastPulledAt === null || clock.now() - lastPulledAt > SYNC.autoRefreshAfterMs) catchUp();
  });
  const delayed = (ms: number, step: () => void) => {
    let handle: unknown;
    return {
      schedule: () => {
        clock.clearTimeout(handle);
        handle = clock.setTimeout(step, ms);
      },
      cancel: () => clock.clearTimeout(handle),
    };
  };
  // Back online: what waited goes first, without waiting out a backoff that offline failures set (a flush
  // starts 300 ms after the browser comes back online), then what others changed meanwhile.
  const afterOnline = delayed(
    SYNC.flushAfterOnlineMs,
    whenOnline(() => void retryNow().then(send).then(catchUp)),
  );
  const afterServerEvents = delayed(SYNC.deltaRefreshDebounceMs, pullNow);

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      sendNow();
      pullNow();
      intervals.push(
        clock.setInterval(sendNow, SYNC.flushIntervalMs),
        clock.setInterval(retryIfDue, SYNC.retryCheckMs),
        clock.setInterval(refreshIfOld, SYNC.autoRefreshCheckMs),
      );
      events.addEventListener('online', afterOnline.schedule);
    },
    stop() {
      stopped = true;
      events.removeEventListener('online', afterOnline.schedule);
      intervals.splice(0).forEach((handle) => clock.clearInterval(handle));
      afterOnline.cancel();
      afterServerEvents.cancel();
    },
    edited: sendNow,
    serverChanged: afterServerEvents.schedule,
  };
}

/**
 * One run at a time; a call during a run asks for one more run after it, so a trigger that came while the
 * previous read or send was already under way is never lost (one pull in flight, so a late answer never overwrites a newer one). A failing
 * run is logged and left to the next trigger: the schedule retries, nothing else can.
 */
function singleFlight(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      await run().catch((error: unknown) => console.warn('Offline sync step failed', error));
    } while (again);
    running = null;
  };
  return () => {
    if (running) again = true;
    else running = loop();
    return running;
  };
}
