import type { AuditEntry, Dashboard, Project, Trends } from '@jalon/contract';
import { makeTask, makeProject as makeWorkProject, projectId, taskId } from './work-fixtures.ts';

// Fixed data for the dashboard's tests (CONVENTIONS §8): "now" is 15 January 2030, 10:00 UTC.
export const NOW = new Date('2030-01-15T10:00:00.000Z');
// Tasks and ids are the shared fixtures as they are; only the project needs dashboard dates.
export { makeTask, projectId, taskId };

/** The shared project, due three days after NOW (so it counts as upcoming) and still at its first version. */
export const makeProject = (overrides: Partial<Project> = {}): Project =>
  makeWorkProject({ deadline: '2030-01-18T23:59:59.999Z', version: 1, ...overrides });

export const makeDashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  counters: {
    projects: 7,
    projectsCompleted: 2,
    activeTasks: 23,
    totalTasks: 41,
    highPriority: 5,
    overdue: 4,
  },
  projectsByStatus: { active: 3, on_hold: 1, completed: 2, cancelled: 1 },
  tasksByStatus: { todo: 10, in_progress: 8, in_review: 5, done: 18 },
  tasksByPriority: { high: 9, medium: 20, low: 12 },
  projects: [
    makeProject({ id: projectId(1), name: 'Site vitrine', progress: 80 }),
    makeProject({
      id: projectId(2),
      name: 'Application mobile',
      progress: 30,
      status: 'on_hold',
      deadline: '2030-01-10T23:59:59.999Z',
      taskCount: 1,
      description: 'iOS et Android',
    }),
  ],
  upcoming: [
    {
      kind: 'task',
      id: taskId(9),
      title: 'Recette',
      deadline: '2030-01-16T12:00:00.000Z',
      projectId: projectId(1),
    },
    {
      kind: 'project',
      id: projectId(1),
      title: 'Site vitrine',
      deadline: '2030-01-18T23:59:59.999Z',
      projectId: projectId(1),
    },
    {
      kind: 'task',
      id: taskId(8),
      title: 'Audit sécurité',
      deadline: '2030-02-20T12:00:00.000Z',
      projectId: projectId(2),
    },
  ],
  recentTasks: Array.from({ length: 15 }, (_, index) =>
    makeTask({
      id: taskId(index + 1),
      title: `Tâche ${index + 1}`,
      createdAt: `2030-01-${String(14 - (index % 10)).padStart(2, '0')}T09:00:00.000Z`,
    }),
  ),
  generatedAt: NOW.toISOString(),
  ...overrides,
});

export const makeTrends = (overrides: Partial<Trends> = {}): Trends => ({
  days: ['2030-01-09', '2030-01-10', '2030-01-11', '2030-01-12', '2030-01-13', '2030-01-14', '2030-01-15'],
  created: [1, 2, 3, 0, 4, 2, 2],
  completed: [0, 1, 1, 1, 0, 0, 0],
  inReview: [0, 0, 0, 0, 0, 0, 7],
  overdue: [0, 0, 1, 0, 0, 0, 0],
  reopened: [0, 0, 0, 0, 0, 0, 0],
  ...overrides,
});

export const makeAudit = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '1',
  createdAt: '2030-01-15T09:59:30.000Z',
  type: 'auth.login.succeeded',
  user: { id: 'user-1', name: 'alice', email: 'alice@example.test' },
  ip: '127.0.0.1',
  userAgent: 'test',
  resource: null,
  outcome: 'success',
  details: 'Connexion réussie',
  metadata: {},
  ...overrides,
});
