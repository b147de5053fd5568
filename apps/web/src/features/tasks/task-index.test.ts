import { describe, expect, it } from 'vitest';
import { makeTask, projectId, taskId } from '../../test/work-fixtures.ts';
import { familyOf, tasksOfProject } from './task-index.ts';

const tasks = [
  makeTask({ id: taskId(1), title: 'Maquette', project: projectId(1) }),
  makeTask({ id: taskId(2), title: 'Budget', project: projectId(2) }),
  makeTask({ id: taskId(3), title: 'Relecture', project: projectId(1), parent: taskId(1), status: 'done' }),
];

describe("the copy's index by project", () => {
  it("answers only the project's tasks, in the copy's order, and none for a project without any", () => {
    expect(tasksOfProject(tasks, projectId(1)).map((task) => task.title)).toEqual(['Maquette', 'Relecture']);
    expect(tasksOfProject(tasks, projectId(2)).map((task) => task.title)).toEqual(['Budget']);
    expect(tasksOfProject(tasks, projectId(3))).toEqual([]);
  });

  it('answers the same array for the same copy, and reads a new copy anew', () => {
    expect(tasksOfProject(tasks, projectId(1))).toBe(tasksOfProject(tasks, projectId(1)));
    const moved = [...tasks.slice(0, 2), { ...tasks[2]!, project: projectId(2) }];
    expect(tasksOfProject(moved, projectId(1)).map((task) => task.title)).toEqual(['Maquette']);
    expect(tasksOfProject(moved, projectId(2)).map((task) => task.title)).toEqual(['Budget', 'Relecture']);
  });
});

describe("the copy's family", () => {
  it('is read once per copy, so the views share it, and follows a new copy', () => {
    expect(familyOf(tasks)).toBe(familyOf(tasks));
    expect(familyOf(tasks).progressOf(taskId(1))).toEqual({ done: 1, total: 1 });
    const reopened = [...tasks.slice(0, 2), { ...tasks[2]!, status: 'todo' as const }];
    expect(familyOf(reopened).progressOf(taskId(1))).toEqual({ done: 0, total: 1 });
  });
});
