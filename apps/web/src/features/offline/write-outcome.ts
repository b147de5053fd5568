import { fr } from '../../locales/fr/index.ts';
import type { WorkSnapshot } from '../../offline/work-snapshot.ts';

const t = fr.sync.toasts;

/** What the toasts compare between two snapshots of the engine. */
export type WriteState = Pick<WorkSnapshot, 'outbox' | 'conflicts' | 'nextAttemptAt' | 'paused'>;

/** Between two snapshots: what a toast is about, and whether the changes waiting now had trouble. */
export interface WriteOutcome {
  text: string | null;
  /** Some changes waited through a failed send, a pause or the browser offline: say so when they go. */
  troubled: boolean;
}

const waitingCount = (state: WriteState) => state.outbox.filter((entry) => entry.state !== 'acked').length;
const openConflicts = (state: WriteState) => state.conflicts.filter((conflict) => !conflict.resolved).length;

/**
 * The outcome of background writes, as a short text: new conflicts, a failed send, a pause, or the
 * changes that waited (offline, or after a failure) now sent. An edit sent at once says nothing: the
 * screen already shows it.
 */
export function writeOutcome(
  previous: WriteState,
  next: WriteState,
  troubled: boolean,
  online: boolean,
): WriteOutcome {
  const waitingBefore = waitingCount(previous);
  const waitingNow = waitingCount(next);
  const stillTroubled =
    waitingNow > 0 && (troubled || !online || next.nextAttemptAt !== null || next.paused !== null);
  const newConflicts = openConflicts(next) - openConflicts(previous);
  if (newConflicts > 0) return { text: t.conflict(newConflicts), troubled: stillTroubled };
  if (next.paused !== null && previous.paused === null) return { text: t.paused, troubled: stillTroubled };
  if (next.nextAttemptAt !== null && previous.nextAttemptAt === null && waitingNow > 0) {
    return { text: t.failed, troubled: stillTroubled };
  }
  if (troubled && waitingBefore > 0 && waitingNow === 0)
    return { text: t.sent(waitingBefore), troubled: false };
  return { text: null, troubled: stillTroubled };
}
