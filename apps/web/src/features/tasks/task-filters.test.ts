import { describe, expect, it } from 'vitest';
import { makeTask, projectId, taskId } from '../../test/work-fixtures.ts';
import {
  countTaskFilters,
  filterTasks,
  readTaskFilters,
  UNASSIGNED,
  withoutTaskFilters,
  withTaskFilter,
} from './task-filters.ts';

const none = { status: null, priority: null, project: null, assignee: null, text: '' };

const tasks = [
  makeTask({ id: taskId(1), title: 'Maquette accueil', status: 'todo', priority: 'high', assignee: 'u-1' }),
  makeTask({
    id: taskId(2),
    title: 'Écrire la FAQ',
    description: 'Questions fréquentes',
    status: 'done',
    priority: 'low',
  }),
  makeTask({
    id: taskId(3),
    title: 'Revue',
    status: 'todo',
    priority: 'low',
    project: projectId(2),
    assignee: 'u-2',
  }),
];
const ids = (list: readonly { id: string }[]) => list.map((task) => Number(task.id.slice(-3)));

describe('task filters in the address', () => {
  it('reads each filter, and ignores a status or priority that does not exist', () => {
    const params = new URLSearchParams(
      `status=done&priority=urgent&project=${projectId(2)}&assignee=none&q=faq&view=list`,
    );
    expect(readTaskFilters(params)).toEqual({
      status: 'done',
      priority: null,
      project: projectId(2),
      assignee: UNASSIGNED,
      text: 'faq',
    });
    expect(readTaskFilters(new URLSearchParams('project=&assignee= '))).toEqual(none);
  });

  it('sets and removes one filter, keeping the view, the sort and the others', () => {
    const params = new URLSearchParams('view=kanban&sort=-deadline&status=todo');
    const set = withTaskFilter(params, 'text', 'accueil');
    expect(set.toString()).toBe('view=kanban&sort=-deadline&status=todo&q=accueil');
    expect(withTaskFilter(set, 'status', '').toString()).toBe('view=kanban&sort=-deadline&q=accueil');
    expect(params.toString()).toBe('view=kanban&sort=-deadline&status=todo');
  });

  it("'Réinitialiser les filtres' removes every filter and 'Mes tâches', not the view or the sort", () => {
    const params = new URLSearchParams(
      'view=calendar&sort=title&status=todo&priority=high&project=p&assignee=u&q=x&mine=1',
    );
    expect(countTaskFilters(params)).toBe(6);
    const reset = withoutTaskFilters(params);
    expect(reset.toString()).toBe('view=calendar&sort=title');
    expect(countTaskFilters(reset)).toBe(0);
  });

  it('counts the filters that apply, "Mes tâches" included, not the view, the sort or an empty text', () => {
    expect(countTaskFilters(new URLSearchParams('mine=1'))).toBe(1);
    expect(countTaskFilters(new URLSearchParams('view=list&sort=title&q=%20%20&status=done'))).toBe(1);
    expect(countTaskFilters(new URLSearchParams('status=done&priority=low&q=devis'))).toBe(3);
  });
});

describe('filterTasks', () => {
  it('lets every task through when no filter is set', () => {
    expect(filterTasks(tasks, none)).toBe(tasks);
  });

  it('keeps the tasks that match every set filter', () => {
    expect(ids(filterTasks(tasks, { ...none, status: 'todo' }))).toEqual([1, 3]);
    expect(ids(filterTasks(tasks, { ...none, status: 'todo', priority: 'low' }))).toEqual([3]);
    expect(ids(filterTasks(tasks, { ...none, project: projectId(1) }))).toEqual([1, 2]);
    expect(ids(filterTasks(tasks, { ...none, assignee: 'u-2' }))).toEqual([3]);
    expect(ids(filterTasks(tasks, { ...none, assignee: UNASSIGNED }))).toEqual([2]);
    expect(ids(filterTasks(tasks, { ...none, status: 'done', assignee: 'u-1' }))).toEqual([]);
  });

  it('finds every word of the text in the title or the description, whatever the case and accents', () => {
    expect(ids(filterTasks(tasks, { ...none, text: 'ecrire' }))).toEqual([2]);
    expect(ids(filterTasks(tasks, { ...none, text: 'FREQUENTES faq' }))).toEqual([2]);
    expect(ids(filterTasks(tasks, { ...none, text: 'faq accueil' }))).toEqual([]);
  });
});
