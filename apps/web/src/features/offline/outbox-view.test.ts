import type { OutboxEntry } from '@jalon/sync';
import { describe, expect, it } from 'vitest';
import { entryTitle } from './outbox-view.ts';

const entry = (fields: Partial<OutboxEntry>): OutboxEntry => ({
  localId: 1,
  entity: 'task',
  op: 'patch',
  id: 'task-1',
  baseVersion: 3,
  data: {},
  createdAt: '2026-11-27T10:00:00.000Z',
  state: 'pending',
  ...fields,
});

describe('entryTitle', () => {
  it("names a change's task by the title the device shows when the change does not carry it, and the fields it changes", () => {
    const change = entry({ data: { status: 'done', deadline: '2026-12-01T00:00:00.000Z' } });
    expect(entryTitle(change, 'Maquette')).toBe('Modification · Tâche « Maquette » : statut, échéance');
  });

  it('prefers the name the change sets, and says a rename is one', () => {
    const rename = entry({ entity: 'project', data: { name: 'Nouveau nom' } });
    expect(entryTitle(rename, 'Ancien nom')).toBe('Modification · Projet « Nouveau nom » : nom');
  });

  it('lists no fields for a creation or a deletion, and the kind alone when no name is known', () => {
    expect(
      entryTitle(entry({ op: 'upsert', baseVersion: 0, data: { title: 'Nouvelle', status: 'todo' } })),
    ).toBe('Création · Tâche « Nouvelle »');
    expect(entryTitle(entry({ op: 'delete', data: {} }), 'Ancienne')).toBe(
      'Suppression · Tâche « Ancienne »',
    );
    expect(entryTitle(entry({ op: 'delete', data: {} }))).toBe('Suppression · Tâche');
  });
});
