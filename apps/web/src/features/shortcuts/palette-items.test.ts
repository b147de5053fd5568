import { describe, expect, it } from 'vitest';
import { ENTITY_LIMIT, paletteGroups } from './palette-items.ts';

const project = (id: string, name: string) => ({ id, name });
const task = (id: string, title: string, projectId = 'p1') => ({ id, title, project: projectId });

const keysOf = (search: string, extra: Partial<Parameters<typeof paletteGroups>[0]> = {}) =>
  paletteGroups({ search, projects: [], tasks: [], scheme: 'light', ...extra }).flatMap((group) =>
    group.items.map((item) => item.key),
  );

describe('the palette options for a query', () => {
  it('shows every screen, creation, the theme and sign-out for an empty query, in that order', () => {
    const groups = paletteGroups({ search: '', projects: [], tasks: [], scheme: 'light' });
    expect(groups.map((group) => group.heading)).toEqual(['Aller à', 'Créer', 'Préférences', 'Compte']);
    expect(groups[0]!.items.map((item) => item.label)).toEqual([
      'Tableau de bord',
      'Projets',
      'Tâches',
      'Sécurité',
      'Activité',
      'Mon profil',
      'Raccourcis clavier',
    ]);
    expect(groups[2]!.items).toEqual([
      { key: 'theme', label: 'Passer en mode sombre', action: { kind: 'toggleTheme' } },
    ]);
    expect(groups[3]!.items).toEqual([
      { key: 'sign-out', label: 'Se déconnecter', action: { kind: 'signOut' } },
    ]);
  });

  it('finds labels by name, each opening /tasks filtered on it', () => {
    const labels = [
      { id: 'l1', name: 'Écran' },
      { id: 'l2', name: 'Client' },
    ];
    const groups = paletteGroups({ search: 'ecran', projects: [], tasks: [], labels, scheme: 'light' });
    expect(groups).toEqual([
      {
        key: 'labels',
        heading: 'Étiquettes',
        items: [
          {
            key: 'label-l1',
            label: 'Écran',
            ariaLabel: 'Tâches avec l’étiquette Écran',
            action: { kind: 'go', path: '/tasks?label=l1' },
          },
        ],
      },
    ]);
  });

  it('matches every word, ignoring case and accents, and hides the groups left empty', () => {
    const projects = [project('p1', 'Échéance proche'), project('p2', 'Échéance lointaine')];
    const tasks = [task('t1', 'Relire l’échéancier', 'p2')];
    const groups = paletteGroups({ search: 'ECHEANCE proche', projects, tasks, scheme: 'light' });
    expect(groups).toEqual([
      {
        key: 'projects',
        heading: 'Projets',
        items: [
          {
            key: 'project-p1',
            label: 'Échéance proche',
            ariaLabel: 'Ouvrir le projet Échéance proche',
            action: { kind: 'go', path: '/projects/p1' },
          },
        ],
      },
    ]);
    // A task opens its own page.
    expect(
      paletteGroups({ search: 'echeancier', projects, tasks, scheme: 'light' })[0]!.items[0],
    ).toMatchObject({
      ariaLabel: 'Ouvrir la tâche Relire l’échéancier',
      action: { kind: 'go', path: '/tasks/t1' },
    });
    expect(keysOf('activite')).toEqual(['page-activity']);
    expect(keysOf('nouvelle tache')).toEqual(['create-task']);
    expect(keysOf('zzz introuvable')).toEqual([]);
  });

  it('offers the other colour scheme, found by its label or by “thème”', () => {
    expect(keysOf('mode sombre')).toEqual(['theme']);
    expect(keysOf('mode sombre', { scheme: 'dark' })).toEqual([]);
    expect(
      paletteGroups({ search: 'theme', projects: [], tasks: [], scheme: 'dark' })[0]!.items[0]!.label,
    ).toBe('Passer en mode clair');
    expect(keysOf('thème', { scheme: 'dark' })).toEqual(['theme']);
  });

  it(`shows at most ${ENTITY_LIMIT} projects and ${ENTITY_LIMIT} tasks, the first that match`, () => {
    const tasks = Array.from({ length: 2_000 }, (_, index) => task(`t${index}`, `Tâche ${index}`));
    const projects = Array.from({ length: 100 }, (_, index) =>
      project(`p${index}`, `Tâche de projet ${index}`),
    );
    const groups = paletteGroups({ search: 'tache', projects, tasks, scheme: 'light' });
    const byKey = Object.fromEntries(groups.map((group) => [group.key, group.items.map((item) => item.key)]));
    expect(byKey.projects).toHaveLength(ENTITY_LIMIT);
    expect(byKey.tasks).toHaveLength(ENTITY_LIMIT);
    expect(byKey.tasks![0]).toBe('task-t0');
    expect(byKey.navigation).toEqual(['page-tasks']);
  });
});
