// The dashboard's known data set (issue 5): one project with tasks of every status, priority and kind
// of deadline, made through the API, and the numbers the dashboard must show for it, counted here from
// the data itself (never from the server's code).
import type { APIRequestContext, Page } from '@playwright/test';
import { bearer, dataOf, signInByApi, type Member } from './members.ts';
import { uniqueName, type ProjectRef } from './work.ts';

export const DAY = 86_400_000;

export type Status = 'todo' | 'in_progress' | 'in_review' | 'done';
export type Priority = 'high' | 'medium' | 'low';

export interface SeedTask {
  title: string;
  status: Status;
  priority: Priority;
  progress: number;
  /** Days from now; null for none. */
  inDays: number | null;
}

export interface Seeded {
  project: ProjectRef & { deadline: string };
  projectInDays: number;
  tasks: (SeedTask & { id: string; deadline: string | null })[];
}

/** Creates the project, then its tasks one after the other (so their creation order is known). */
export async function seedProject(
  request: APIRequestContext,
  member: Member,
  options: { prefix: string; projectInDays: number; tasks: Omit<SeedTask, 'title'>[]; taskPrefix?: string },
): Promise<Seeded> {
  const { token } = await signInByApi(request, member);
  const headers = bearer(token);
  const deadline = new Date(Date.now() + options.projectInDays * DAY).toISOString();
  const project = await dataOf<ProjectRef>(
    await request.post('/api/projects', {
      headers,
      data: {
        name: uniqueName(options.prefix),
        description: 'Jeu de données connu du tableau de bord.',
        deadline,
      },
    }),
  );
  const tasks: Seeded['tasks'] = [];
  for (const [index, task] of options.tasks.entries()) {
    const title = uniqueName(`${options.taskPrefix ?? 'Tâche'} ${index + 1}`);
    const taskDeadline = task.inDays === null ? null : new Date(Date.now() + task.inDays * DAY).toISOString();
    const created = await dataOf<{ id: string }>(
      await request.post('/api/tasks', {
        headers,
        data: {
          title,
          description: `Description de ${title}`,
          project: project.id,
          status: task.status,
          priority: task.priority,
          progress: task.progress,
          deadline: taskDeadline,
        },
      }),
    );
    tasks.push({ ...task, title, id: created.id, deadline: taskDeadline });
  }
  return { project: { ...project, deadline }, projectInDays: options.projectInDays, tasks };
}

/** A project's progress as a person reads it: a done task counts 100, the others their own progress. */
export function expectedProgress(tasks: readonly SeedTask[]): number {
  if (tasks.length === 0) return 0;
  const sum = tasks.reduce((total, task) => total + (task.status === 'done' ? 100 : task.progress), 0);
  return Math.round(sum / tasks.length);
}

/** The dashboard header's controls. */
export const toolbar = (page: Page) => page.getByRole('group', { name: 'Réglages du tableau de bord' });
/** The project filter of the header (the quick task form has its own 'Projet' field). */
export const projectFilter = (page: Page) => toolbar(page).getByLabel('Projet', { exact: true });

/** One counter card of 'Indicateurs', by its label. */
export const counter = (page: Page, label: string) =>
  page
    .getByRole('list', { name: 'Indicateurs' })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });

/** A section of the dashboard, named by its heading. */
export const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
