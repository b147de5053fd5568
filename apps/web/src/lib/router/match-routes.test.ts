import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from './match-routes.ts';

const screen = (path: string): RouteObject => ({ path });
const projects = screen('projects');
const project = screen('projects/:id');
const newProject = screen('projects/new');
const dashboard = screen('dashboard');
const layout: RouteObject = { children: [dashboard, projects, project, newProject] };
const home: RouteObject = { index: true };
const anything = screen('*');
const root: RouteObject = { children: [layout, home, anything] };
const table = [root];

const matched = (pathname: string) => matchRoutes(table, pathname)?.map((match) => match.route);

describe('matchRoutes', () => {
  it('matches the branch from the root down through a layout without a path', () => {
    expect(matched('/dashboard')).toEqual([root, layout, dashboard]);
  });

  it('puts a static segment before a parameter, whatever the order of the table', () => {
    expect(matched('/projects/new')).toEqual([root, layout, newProject]);
    expect(matched('/projects/p-1')).toEqual([root, layout, project]);
  });

  it('reads parameters, decoded', () => {
    expect(matchRoutes(table, '/projects/a%20b')?.at(-1)?.params).toEqual({ id: 'a b' });
  });

  it('ignores a trailing slash and letter case, as a person typing an address would expect', () => {
    expect(matched('/Dashboard/')).toEqual([root, layout, dashboard]);
  });

  it("opens the index route on '/' and the splat everywhere else", () => {
    expect(matched('/')).toEqual([root, home]);
    expect(matched('/nowhere/at/all')).toEqual([root, anything]);
    expect(matchRoutes(table, '/nowhere/at/all')?.at(-1)?.params).toEqual({ '*': 'nowhere/at/all' });
  });

  it('does not match a longer or shorter path than the pattern', () => {
    expect(matchRoutes([screen('tasks')], '/tasks/new')).toBeNull();
    expect(matchRoutes([screen('tasks/new')], '/tasks')).toBeNull();
  });

  it('keeps a malformed escape as it is rather than failing', () => {
    expect(matchRoutes(table, '/projects/%E0%A4%A')?.at(-1)?.params).toEqual({ id: '%E0%A4%A' });
  });
});
