import type { Member, TaskActivityEntry } from '@jalon/contract';
import { describe, expect, it } from 'vitest';
import { changeText, entryText, type HistoryNames } from './history-text.ts';

const member = (id: string, username: string, active = true): Member => ({
  id,
  username,
  role: 'member',
  active,
});
const names: HistoryNames = {
  members: [member('u1', 'Alice'), member('u2', 'Bruno', false)],
  projects: [
    { id: 'p1', name: 'Refonte' },
    { id: 'p2', name: 'Lancement' },
  ],
};
const entry = (overrides: Partial<TaskActivityEntry>): TaskActivityEntry => ({
  id: '1',
  at: '2030-01-15T10:00:00.000Z',
  actor: { id: 'u1', username: 'Alice' },
  kind: 'updated',
  changes: [],
  ...overrides,
});

describe("the history's words", () => {
  it('says who did what, and Système for a change without a person', () => {
    expect(entryText(entry({ kind: 'created' }))).toBe('Alice a créé la tâche');
    expect(entryText(entry({ kind: 'updated' }))).toBe('Alice a modifié la tâche');
    expect(entryText(entry({ kind: 'deleted', actor: null }))).toBe('Système a supprimé la tâche');
  });

  it('names status and priority in French, people and projects by name', () => {
    expect(changeText({ field: 'status', from: 'todo', to: 'in_review' }, names)).toBe(
      'Statut : À faire → En revue',
    );
    expect(changeText({ field: 'priority', from: 'low', to: 'high' }, names)).toBe(
      'Priorité : Basse → Haute',
    );
    expect(changeText({ field: 'assignee', from: null, to: 'u1' }, names)).toBe('Assigné à : aucun → Alice');
    expect(changeText({ field: 'assignee', from: 'u2', to: 'u9' }, names)).toBe(
      'Assigné à : Bruno (désactivé) → Membre inconnu',
    );
    expect(changeText({ field: 'project', from: 'p1', to: 'p2' }, names)).toBe(
      'Projet : Refonte → Lancement',
    );
    expect(changeText({ field: 'project', from: 'p0', to: 'p1' }, names)).toBe(
      'Projet : projet supprimé → Refonte',
    );
  });

  it('writes estimates, progress and texts as a person reads them', () => {
    expect(changeText({ field: 'estimatedMinutes', from: null, to: 90 }, names)).toBe(
      'Estimation : aucun → ~90 min',
    );
    expect(changeText({ field: 'progress', from: 0, to: 40 }, names)).toBe('Avancement : 0 % → 40 %');
    expect(changeText({ field: 'title', from: 'Plan', to: 'Plan v2' }, names)).toBe(
      'Titre : « Plan » → « Plan v2 »',
    );
    expect(changeText({ field: 'deadline', from: '2030-01-20T12:00:00.000Z', to: null }, names)).toMatch(
      /^Échéance : \d+ janvier 2030 → aucun$/,
    );
  });
});
