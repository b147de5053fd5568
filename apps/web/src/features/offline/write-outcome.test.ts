import type { ConflictRecord } from '@jalon/sync';
import { describe, expect, it } from 'vitest';
import type { WriteState } from './write-outcome.ts';
import { writeOutcome } from './write-outcome.ts';

type Entry = WriteState['outbox'][number];

/** A snapshot with `waiting` unsent changes, `acked` applied ones and the given open conflicts. */
function state({
  waiting = 0,
  acked = 0,
  conflicts = 0,
  nextAttemptAt = null,
  paused = null,
}: Partial<{
  waiting: number;
  acked: number;
  conflicts: number;
  nextAttemptAt: number | null;
  paused: WriteState['paused'];
}> = {}): WriteState {
  const entry = (localId: number, entryState: Entry['state']) =>
    ({ localId, state: entryState, held: false }) as unknown as Entry;
  return {
    outbox: [
      ...Array.from({ length: waiting }, (_, i) => entry(i, 'pending')),
      ...Array.from({ length: acked }, (_, i) => entry(100 + i, 'acked')),
    ],
    conflicts: Array.from(
      { length: conflicts },
      (_, i) => ({ id: `c:${i}`, resolved: false }) as unknown as ConflictRecord,
    ),
    nextAttemptAt,
    paused,
  };
}

describe('writeOutcome', () => {
  it('says nothing about an edit sent at once', () => {
    const sent = writeOutcome(state({ waiting: 1 }), state({ acked: 1 }), false, true);
    expect(sent).toEqual({ text: null, troubled: false });
  });

  it('says a send failed, then that the waiting changes went once they do', () => {
    const failed = writeOutcome(
      state({ waiting: 2 }),
      state({ waiting: 2, nextAttemptAt: 1_000 }),
      false,
      true,
    );
    expect(failed).toEqual({ text: 'L’envoi a échoué : nouvel essai automatique.', troubled: true });
    const retried = writeOutcome(
      state({ waiting: 2, nextAttemptAt: 1_000 }),
      state({ waiting: 2 }),
      failed.troubled,
      true,
    );
    expect(retried).toEqual({ text: null, troubled: true });
    const sent = writeOutcome(state({ waiting: 2 }), state({ acked: 2 }), retried.troubled, true);
    expect(sent).toEqual({ text: '2 modifications en attente envoyées.', troubled: false });
  });

  it('remembers changes made offline and announces them when they are sent', () => {
    const offline = writeOutcome(state(), state({ waiting: 1 }), false, false);
    expect(offline).toEqual({ text: null, troubled: true });
    expect(writeOutcome(state({ waiting: 1 }), state({ acked: 1 }), offline.troubled, true).text).toBe(
      '1 modification en attente envoyée.',
    );
  });

  it('announces new conflicts and a pause, not the ones already shown', () => {
    expect(writeOutcome(state({ waiting: 1 }), state({ conflicts: 1 }), false, true).text).toBe(
      '1 nouveau conflit : voir Conflits.',
    );
    expect(writeOutcome(state({ conflicts: 1 }), state({ conflicts: 1 }), false, true).text).toBeNull();
    expect(
      writeOutcome(state({ waiting: 1 }), state({ waiting: 1, paused: 'unauthorized' }), false, true).text,
    ).toBe('Envoi suspendu : voir Synchronisation.');
  });
});
