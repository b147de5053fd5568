import type { Label, Project, SearchItem, Task } from '@jalon/contract';
import { filteredTasksPath } from '../../app/task-list-location.ts';
import { taskPath } from '../../app/task-panel-location.tsx';
import { matchesQuery } from '../../lib/fold-text.ts';
import { fr } from '../../locales/fr/index.ts';
import type { ColorScheme } from '../preferences/index.ts';
import { resultLabel, resultPath } from '../search/index.ts';

const t = fr.shortcuts.palette;

/** What choosing an option does; the palette component carries it out. */
export type PaletteAction = { kind: 'go'; path: string } | { kind: 'toggleTheme' } | { kind: 'signOut' };

export interface PaletteItem {
  /** Unique in the palette, and safe in an element id (`page-dashboard`, `project-<uuid>`). */
  key: string;
  label: string;
  /** The option's accessible name when the visible label alone would be ambiguous ('Ouvrir le projet …'). */
  ariaLabel?: string;
  action: PaletteAction;
}

export interface PaletteGroup {
  key: string;
  heading: string;
  items: PaletteItem[];
}

interface PaletteSource {
  search: string;
  projects: readonly Pick<Project, 'id' | 'name'>[];
  tasks: readonly Pick<Task, 'id' | 'title'>[];
  /** The device's labels: each opens /tasks filtered on it. */
  labels?: readonly Pick<Label, 'id' | 'name'>[];
  /** What the search finds for the query (descriptions, comments): those not listed by their title already. */
  found?: readonly SearchItem[];
  scheme: ColorScheme;
}

/** How many projects, and how many tasks, the palette shows for one query (a team may have thousands). */
export const ENTITY_LIMIT = 30;

const PAGES = [
  ['dashboard', '/dashboard'],
  ['projects', '/projects'],
  ['tasks', '/tasks'],
  ['security', '/security'],
  ['activity', '/activity'],
  ['me', '/me'],
  ['shortcuts', '/shortcuts'],
] as const;

const CREATE = [
  ['project', '/projects/new'],
  ['board', '/projects/board/new'],
  ['task', '/tasks/new'],
] as const;

/** An item and the words it is found by (its label, unless said otherwise). */
type Candidate = PaletteItem & { keywords?: string };

const matches = (search: string) => (item: Candidate) => matchesQuery(item.keywords ?? item.label, search);

/**
 * The palette's options for a query, in the order they are shown: every word of the query must appear in
 * an option's label, ignoring case and accents ('echeance' finds 'Échéance'). Groups left with no option
 * are not shown at all.
 */
export function paletteGroups({
  search,
  projects,
  tasks,
  labels = [],
  found = [],
  scheme,
}: PaletteSource): PaletteGroup[] {
  const themeLabel = scheme === 'light' ? t.themeToDark : t.themeToLight;
  const groups: Array<{ key: string; heading: string; candidates: Candidate[]; limit?: number }> = [
    {
      key: 'navigation',
      heading: t.groups.navigation,
      candidates: PAGES.map(([key, path]) => ({
        key: `page-${key}`,
        label: t.pages[key],
        action: { kind: 'go', path },
      })),
    },
    {
      key: 'create',
      heading: t.groups.create,
      candidates: CREATE.map(([key, path]) => ({
        key: `create-${key}`,
        label: t.create[key],
        action: { kind: 'go', path },
      })),
    },
    {
      key: 'projects',
      heading: t.groups.projects,
      limit: ENTITY_LIMIT,
      candidates: projects.map((project) => ({
        key: `project-${project.id}`,
        label: project.name,
        ariaLabel: t.openProject(project.name),
        action: { kind: 'go', path: `/projects/${project.id}` },
      })),
    },
    {
      key: 'tasks',
      heading: t.groups.tasks,
      limit: ENTITY_LIMIT,
      candidates: tasks.map((task) => ({
        key: `task-${task.id}`,
        label: task.title,
        ariaLabel: t.openTask(task.title),
        action: { kind: 'go', path: taskPath(task.id) },
      })),
    },
    {
      key: 'labels',
      heading: t.groups.labels,
      limit: ENTITY_LIMIT,
      candidates: labels.map((label) => ({
        key: `label-${label.id}`,
        label: label.name,
        ariaLabel: t.openLabel(label.name),
        action: { kind: 'go', path: filteredTasksPath('label', label.id) },
      })),
    },
    {
      key: 'preferences',
      heading: t.groups.preferences,
      candidates: [
        {
          key: 'theme',
          label: themeLabel,
          keywords: `${themeLabel} theme thème`,
          action: { kind: 'toggleTheme' },
        },
      ],
    },
    {
      key: 'account',
      heading: t.groups.account,
      candidates: [{ key: 'sign-out', label: t.signOut, action: { kind: 'signOut' } }],
    },
  ];
  const shown = groups.map(({ key, heading, candidates, limit }) => ({
    key,
    heading,
    items: candidates
      .filter(matches(search))
      .slice(0, limit)
      .map(({ keywords: _keywords, ...item }) => item),
  }));
  // What the search found in the texts (stemmed words, descriptions, comments), after the tasks: kept
  // as the search ranked it, less what a title lists already.
  const listed = new Set(
    shown.flatMap((group) => group.items.map((item) => (item.action.kind === 'go' ? item.action.path : ''))),
  );
  const foundItems: PaletteItem[] = found
    .filter((item) => !listed.has(resultPath(item)))
    .slice(0, ENTITY_LIMIT)
    .map((item) => ({
      key: `found-${item.kind}-${item.id}`,
      label: item.title,
      ariaLabel: resultLabel(item),
      action: { kind: 'go', path: resultPath(item) },
    }));
  shown.splice(
    shown.findIndex((group) => group.key === 'preferences'),
    0,
    {
      key: 'found',
      heading: t.groups.found,
      items: foundItems,
    },
  );
  return shown.filter((group) => group.items.length > 0);
}
