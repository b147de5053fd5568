import type { Member, Project, TaskActivityChange, TaskActivityEntry } from '@jalon/contract';
import { formatDay } from '../../../lib/dates.ts';
import { members as memberTexts } from '../../../locales/fr/members.ts';
import { taskPriorityLabels, taskStatusLabel } from '../../../locales/fr/tasks.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { assigneeDisplay } from '../../members/index.ts';

const t = taskPage.history;
const people = memberTexts.assignee;

/** What the history needs to name people and projects as the person knows them. */
export interface HistoryNames {
  members: readonly Member[] | undefined;
  projects: readonly Pick<Project, 'id' | 'name'>[];
}

/** A recorded value in words: French labels for status and priority, names for people and projects. */
export function valueText(
  field: TaskActivityChange['field'],
  value: TaskActivityChange['from'],
  names: HistoryNames,
): string {
  if (value === null || value === '') return t.none;
  switch (field) {
    case 'status':
      return taskStatusLabel(String(value));
    case 'priority':
      return taskPriorityLabels[value as keyof typeof taskPriorityLabels] ?? String(value);
    case 'assignee': {
      const display = assigneeDisplay(String(value), names.members);
      if (display.kind === 'member')
        return display.deactivated ? `${display.name} ${people.deactivated}` : display.name;
      return display.kind === 'loading' ? '…' : people.unknown;
    }
    case 'project':
      return names.projects.find((project) => project.id === value)?.name ?? t.unknownProject;
    case 'deadline':
      return formatDay(String(value));
    case 'estimatedMinutes':
      return t.minutes(Number(value));
    case 'progress':
      return t.percent(Number(value));
    default:
      return `« ${String(value)} »`;
  }
}

export const changeText = (change: TaskActivityChange, names: HistoryNames): string =>
  t.change(
    t.fields[change.field],
    valueText(change.field, change.from, names),
    valueText(change.field, change.to, names),
  );

/** 'Alice a modifié la tâche'; 'Système' when the server made the change itself. */
export const entryText = (entry: TaskActivityEntry): string =>
  t[entry.kind](entry.actor?.username || t.system);
