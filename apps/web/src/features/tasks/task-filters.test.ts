import { describe, expect, it } from 'vitest';
import { makeTask, projectId, taskId } from '../../test/work-fixtures.ts';
import {
  countTaskFilters,
  filterByLabel,
  filterTasks,
  NOT_DONE,
  readTaskFilters,
  UNASSIGNED,
  withoutTaskFilters,
  withTaskFilter,
} from './task-filters.ts';
import { isOverdue } from './deadline.ts';

const none = {
  status: null,
  priority: null,
  project: null,
  assignee: null,
  text: '',
  due: null,
  label: null,
};

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
      `status=done&priority=urgent&project=${projectId(2)}&assignee=none&q=faq&view=list&due=overdue&label=l-1`,
    );
    expect(readTaskFilters(params)).toEqual({
      status: 'done',
      priority: null,
      project: projectId(2),
      assignee: UNASSIGNED,
      text: 'faq',
      due: 'overdue',
      label: 'l-1',
    });
    expect(readTaskFilters(new URLSearchParams('project=&assignee= &due=soon'))).toEqual(none);
    expect(readTaskFilters(new URLSearchParams('status=active&due=none'))).toMatchObject({
      status: NOT_DONE,
      due: 'none',
    });
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
      'view=calendar&sort=title&status=todo&priority=high&project=p&assignee=u&q=x&mine=1&due=week',
    );
    expect(countTaskFilters(params)).toBe(7);
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

  it("'Non terminées' keeps every task but the done ones, as the dashboard's 'Tâches actives' counts them", () => {
    expect(ids(filterTasks(tasks, { ...none, status: NOT_DONE }))).toEqual([1, 3]);
  });

  describe('by due date, at a fixed moment (Tuesday 15 January 2030, 12:00 in the test time zone)', () => {
    const now = new Date(2030, 0, 15, 12).getTime();
    const at = (month: number, day: number, hour = 0) => new Date(2030, month, day, hour).toISOString();
    const dated = [
      makeTask({ id: taskId(11), deadline: at(0, 15, 11), status: 'todo' }), // an hour ago: late
      makeTask({ id: taskId(12), deadline: at(0, 13, 23), status: 'done' }), // last Sunday, done: neither
      makeTask({ id: taskId(13), deadline: at(0, 14, 0), status: 'in_review' }), // Monday 00:00: late, this week
      makeTask({ id: taskId(14), deadline: at(0, 20, 23), status: 'todo' }), // Sunday night: this week
      makeTask({ id: taskId(15), deadline: at(0, 21, 0), status: 'todo' }), // next Monday
      makeTask({ id: taskId(16), deadline: null, status: 'todo' }),
    ];
    const dateIds = (due: 'overdue' | 'week' | 'none') => ids(filterTasks(dated, { ...none, due }, now));

    it("'En retard': a passed deadline on a task not done, to the instant (the dashboard's rule)", () => {
      expect(dateIds('overdue')).toEqual([11, 13]);
      expect(isOverdue(dated[0]!, now)).toBe(true);
      expect(isOverdue(dated[0]!, new Date(2030, 0, 15, 10).getTime())).toBe(false);
    });

    it("'Cette semaine': Monday 00:00 to Sunday 23:59 of the person's week, done or not", () => {
      expect(dateIds('week')).toEqual([11, 13, 14]);
    });

    it("'Sans échéance': the tasks without a deadline", () => {
      expect(dateIds('none')).toEqual([16]);
    });
  });

  it('keeps the tasks that carry the label, one made offline (`tmp-`) included, on /tasks and a project’s page', () => {
    const labelled = [
      makeTask({ id: taskId(21), labels: ['l-1', 'l-2'] }),
      makeTask({ id: taskId(22), labels: ['l-2'] }),
      makeTask({ id: taskId(23), labels: ['tmp-l-1'] }),
    ];
    expect(ids(filterTasks(labelled, { ...none, label: 'l-1' }))).toEqual([21, 23]);
    expect(ids(filterTasks(labelled, { ...none, label: 'tmp-l-2' }))).toEqual([21, 22]);
    expect(ids(filterByLabel(labelled, new URLSearchParams('label=l-1&view=list')))).toEqual([21, 23]);
    expect(filterByLabel(labelled, new URLSearchParams('view=list'))).toBe(labelled);
  });

  it('finds every word of the text in the title or the description, whatever the case and accents', () => {
    expect(ids(filterTasks(tasks, { ...none, text: 'ecrire' }))).toEqual([2]);
    expect(ids(filterTasks(tasks, { ...none, text: 'FREQUENTES faq' }))).toEqual([2]);
    expect(ids(filterTasks(tasks, { ...none, text: 'faq accueil' }))).toEqual([]);
  });
});
