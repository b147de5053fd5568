import { describe, expect, it } from 'vitest';
import { keptInMemory } from '../../offline/members-copy.ts';
import { notification } from '../../test/notifications-test-kit.ts';
import { dropReads, keepInbox, queueReads, readKeptInbox, readUnsentReads } from './inbox-copy.ts';
import { notificationText, unreadIds, withReads } from './inbox-model.ts';

// Wednesday 15 January 2030, 10:00 local time.
const NOW = new Date(2030, 0, 15, 10, 0);
const at = (day: number, hour: number) => new Date(2030, 0, day, hour, 0).toISOString();

describe('an inbox entry in French', () => {
  it('says who did what to which task', () => {
    const text = (type: 'assigned' | 'mentioned' | 'commented' | 'status_changed') =>
      notificationText(notification({ type }), null, NOW);
    expect(text('assigned')).toBe('Camille Martin vous a assigné « Imprimer les kakémonos »');
    expect(text('mentioned')).toBe('Camille Martin vous a mentionné dans « Imprimer les kakémonos »');
    expect(text('commented')).toBe('Camille Martin a commenté « Imprimer les kakémonos »');
    expect(text('status_changed')).toBe('Camille Martin a changé le statut de « Imprimer les kakémonos »');
    expect(notificationText(notification({ actor: null }), null, NOW)).toBe(
      'Quelqu’un vous a assigné « Imprimer les kakémonos »',
    );
  });

  it("says 'Échéance demain' for a deadline on the person's tomorrow, 'Échéance proche' otherwise", () => {
    const dueSoon = notification({ type: 'due_soon', actor: null });
    expect(notificationText(dueSoon, at(16, 9), NOW)).toBe('Échéance demain : « Imprimer les kakémonos »');
    expect(notificationText(dueSoon, at(15, 18), NOW)).toBe('Échéance proche : « Imprimer les kakémonos »');
    expect(notificationText(dueSoon, null, NOW)).toBe('Échéance proche : « Imprimer les kakémonos »');
    expect(notificationText(notification({ type: 'overdue', actor: null }), at(14, 9), NOW)).toBe(
      'Échéance dépassée : « Imprimer les kakémonos »',
    );
  });
});

describe('the reads made on this device', () => {
  it('show as read at once and lower the unread count, once each', () => {
    const [first, second, read] = [
      notification(),
      notification(),
      notification({ readAt: '2030-01-15T09:00:00.000Z' }),
    ];
    const list = { items: [first!, second!, read!], unread: 7, next: null };
    const shown = withReads(list, new Set([first!.id, read!.id]), '2030-01-15T10:00:00.000Z');
    expect(shown.unread).toBe(6);
    expect(shown.items.map((item) => item.readAt)).toEqual([
      '2030-01-15T10:00:00.000Z',
      null,
      '2030-01-15T09:00:00.000Z',
    ]);
    expect(unreadIds(shown)).toEqual([second!.id]);
    expect(withReads(list, new Set(), 'x')).toBe(list);
  });

  it('are kept in order, each once, until the server has them; the inbox is kept beside them', async () => {
    const kept = keptInMemory();
    expect(await readKeptInbox(kept)).toBeNull();
    expect(await readUnsentReads(kept)).toEqual([]);
    await Promise.all([queueReads(kept, ['a', 'b']), queueReads(kept, ['b', 'c'])]);
    expect(await readUnsentReads(kept)).toEqual(['a', 'b', 'c']);
    expect(await dropReads(kept, ['a', 'c'])).toEqual(['b']);
    const list = { items: [notification()], unread: 1, next: null };
    await keepInbox(kept, list);
    expect(await readKeptInbox(kept)).toEqual(list);
  });
});
