import type { fr } from '../../locales/fr/index.ts';

type ItemKey = keyof typeof fr.shortcuts.items;
type GroupKey = keyof typeof fr.shortcuts.groups;

export interface Shortcut {
  /** Keys pressed one after the other (a sequence such as g then d), each one key or chord, as printed. */
  sequence: readonly string[];
  action: ItemKey;
}

/**
 * The help content: the shortcuts page's sections, holding every global shortcut (the dispatcher's
 * `BINDINGS`) plus the command palette.
 */
export const SHORTCUT_GROUPS: readonly { group: GroupKey; shortcuts: readonly Shortcut[] }[] = [
  {
    group: 'navigation',
    shortcuts: [
      { sequence: ['g', 'd'], action: 'goDashboard' },
      { sequence: ['g', 'p'], action: 'goProjects' },
      { sequence: ['g', 's'], action: 'goSecurity' },
      { sequence: ['g', 't'], action: 'goTasks' },
      { sequence: ['g', 'a'], action: 'goActivity' },
      { sequence: ['g', 'm'], action: 'goMe' },
      { sequence: ['?'], action: 'help' },
      { sequence: ['/'], action: 'focusSearch' },
      { sequence: ['Ctrl+K'], action: 'palette' },
      { sequence: ['m'], action: 'menu' },
    ],
  },
  {
    group: 'actions',
    shortcuts: [
      { sequence: ['n', 'p'], action: 'newProject' },
      { sequence: ['n', 't'], action: 'newTask' },
      { sequence: ['n', 'b'], action: 'newBoard' },
      { sequence: ['Esc'], action: 'close' },
      { sequence: ['Ctrl+S'], action: 'save' },
      { sequence: ['Ctrl+Z'], action: 'undo' },
      { sequence: ['Ctrl+Maj+Z'], action: 'redo' },
      { sequence: ['r'], action: 'refresh' },
      { sequence: ['f'], action: 'filter' },
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
