import type { SearchItem, SearchKind } from '@jalon/contract';
import { SEARCH_KINDS } from '@jalon/contract/plain';
import { taskPath } from '../../app/task-panel-location.tsx';
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

/** Where a result leads: its task's page (a task, a comment), or the project's. */
export const resultPath = (item: SearchItem): string =>
  item.taskId === undefined ? `/projects/${encodeURIComponent(item.id)}` : taskPath(item.taskId);

/** A result's accessible name: what choosing it opens. */
export const resultLabel = (item: SearchItem): string =>
  item.taskId === undefined ? t.openProject(item.title) : t.openTask(item.title);
