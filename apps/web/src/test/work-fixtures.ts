import type { Project, Task } from '@jalon/contract';

// Projects and tasks with fixed dates (CONVENTIONS §8); ids are UUIDs like the server's.
export const projectId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const taskId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

export const makeProject = (overrides: Partial<Project> = {}): Project => ({
  id: projectId(1),
  name: 'Site vitrine',
  description: 'Refonte du site public',
  deadline: '2030-03-31T23:59:59.999Z',
  status: 'active',
  progress: 40,
  taskCount: 3,
  ownerId: 'user-1',
  version: 2,
  createdAt: '2030-01-02T09:00:00.000Z',
  updatedAt: '2030-01-10T09:00:00.000Z',
  deletedAt: null,
  permissions: { canDelete: true },
  ...overrides,
});

export const makeTask = (overrides: Partial<Task> = {}): Task => ({
  id: taskId(1),
  title: 'Maquette accueil',
  description: 'Première version de la page',
  project: projectId(1),
  assignee: null,
  status: 'todo',
  priority: 'medium',
  progress: 0,
  version: 1,
  deadline: null,
  estimatedMinutes: null,
  labels: [],
  parent: null,
  position: null,
  createdBy: 'user-1',
  createdAt: '2030-01-05T09:00:00.000Z',
  updatedAt: '2030-01-05T09:00:00.000Z',
  deletedAt: null,
  permissions: { canDelete: true },
  ...overrides,
});

/** A list answer as the server sends it: the rows in `data` and the paging fields beside them. */
export function listBody(data: unknown, nextAfter: string | null = null): Response {
  return new Response(
    JSON.stringify({ data, cursor: 'c1', hasMore: false, nextAfter, resetRequired: false }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
}
