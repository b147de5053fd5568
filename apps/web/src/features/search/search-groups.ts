import type { SearchItem, SearchKind } from '@jalon/contract';
import { SEARCH_KINDS } from '@jalon/contract/plain';
import { taskPath } from '../../app/task-panel-location.tsx';
import { filteredTasksPath } from '../../app/task-list-location.ts';
import { fr } from '../../locales/fr/index.ts';

const t = fr.search;

export interface SearchGroup {
  kind: SearchKind;
  heading: string;
  items: SearchItem[];
}

/** The results by kind (tasks, comments, projects), each kind in the order of its ranks. */
export const searchGroups = (items: readonly SearchItem[]): SearchGroup[] =>
  SEARCH_KINDS.map((kind) => ({
    kind,
    heading: t.groups[kind],
    items: items.filter((item) => item.kind === kind),
  })).filter((group) => group.items.length > 0);

/** Where a result leads: its task's page (a task, a comment), the project's, or the tasks a label or person filters. */
export function resultPath(item: SearchItem): string {
  switch (item.kind) {
    case 'task':
    case 'comment':
      return taskPath(item.taskId ?? item.id);
    case 'project':
      return `/projects/${encodeURIComponent(item.id)}`;
    case 'label':
      return filteredTasksPath('label', item.id);
    case 'person':
      return filteredTasksPath('assignee', item.id);
  }
}

const OPEN_LABELS: Record<SearchKind, (title: string) => string> = {
  task: t.openTask,
  comment: t.openTask,
  project: t.openProject,
  label: t.openLabel,
  person: t.openPerson,
};

/** A result's accessible name: what choosing it opens. */
export const resultLabel = (item: SearchItem): string => OPEN_LABELS[item.kind](item.title);
