import type { fr } from '../../locales/fr/index.ts';

type ItemKey = keyof typeof fr.shortcuts.items;
type GroupKey = keyof typeof fr.shortcuts.groups;

export interface Shortcut {
  /** Keys pressed one after the other (a sequence such as g then d), each one key or key name. */
  sequence: readonly string[];
  action: ItemKey;
}

/** The help content of SPEC §2 "Shortcuts screen"; global key handling arrives with its own issue. */
export const SHORTCUT_GROUPS: readonly { group: GroupKey; shortcuts: readonly Shortcut[] }[] = [
  {
    group: 'navigation',
    shortcuts: [
      { sequence: ['g', 'd'], action: 'goDashboard' },
      { sequence: ['g', 'p'], action: 'goProjects' },
      { sequence: ['g', 's'], action: 'goSecurity' },
      { sequence: ['?'], action: 'help' },
      { sequence: ['/'], action: 'focusSearch' },
    ],
  },
  {
    group: 'actions',
    shortcuts: [
      { sequence: ['n', 'p'], action: 'newProject' },
      { sequence: ['n', 't'], action: 'newTask' },
      { sequence: ['Esc'], action: 'close' },
    ],
  },
  {
    group: 'projectView',
    shortcuts: [
      { sequence: ['1'], action: 'kanban' },
      { sequence: ['2'], action: 'list' },
      { sequence: ['3'], action: 'calendar' },
    ],
  },
];
