import ical from 'ical-generator';
import type { TaskStatus } from '@jalon/contract';

/** A task assigned to the person, with its deadline. */
export interface FeedTask {
  id: string;
  title: string;
  status: TaskStatus;
  deadline: Date;
  projectName: string;
  updatedAt: Date;
}

/** A project the person works in, with its deadline. */
export interface FeedProject {
  id: string;
  name: string;
  deadline: Date;
  updatedAt: Date;
}

const STATUS_LABELS: Record<TaskStatus, string> = {
  todo: 'À faire',
  in_progress: 'En cours',
  in_review: 'En revue',
  done: 'Terminée',
};

/**
 * The app stores a deadline picked as a day as that day's last millisecond in UTC (the web's
 * `endOfDayIso`): such a deadline is an all-day event on that day; any other instant, set through the
 * API, is a timed one.
 */
function when(deadline: Date): { start: Date; allDay: boolean } {
  const endOfDay =
    deadline.getUTCHours() === 23 &&
    deadline.getUTCMinutes() === 59 &&
    deadline.getUTCSeconds() === 59 &&
    deadline.getUTCMilliseconds() === 999;
  if (!endOfDay) return { start: deadline, allDay: false };
  const day = new Date(Date.UTC(deadline.getUTCFullYear(), deadline.getUTCMonth(), deadline.getUTCDate()));
  return { start: day, allDay: true };
}

/**
 * The person's calendar as RFC 5545 text (ical-generator folds lines and escapes text: decision 0075).
 * UIDs are the rows' ids, so a calendar app updates an event in place when its deadline moves; each
 * DTSTAMP is the row's last change, so the same data always gives the same text and the same ETag.
 */
export function feedIcs(input: {
  publicUrl: string;
  personName: string;
  tasks: readonly FeedTask[];
  projects: readonly FeedProject[];
}): string {
  const host = new URL(input.publicUrl).hostname;
  const calendar = ical({
    prodId: { company: 'Jalon', product: 'Jalon', language: 'FR' },
    name: `Jalon : échéances de ${input.personName}`,
    description: 'Les tâches qui vous sont assignées et les échéances de vos projets',
  });
  for (const task of input.tasks) {
    const done = task.status === 'done';
    calendar.createEvent({
      id: `task-${task.id}@${host}`,
      ...when(task.deadline),
      stamp: task.updatedAt,
      lastModified: task.updatedAt,
      summary: done ? `${task.title} (terminée)` : task.title,
      description: `Projet : ${task.projectName}\nStatut : ${STATUS_LABELS[task.status]}`,
      url: `${input.publicUrl}/tasks/${task.id}`,
    });
  }
  for (const project of input.projects) {
    calendar.createEvent({
      id: `project-${project.id}@${host}`,
      ...when(project.deadline),
      stamp: project.updatedAt,
      lastModified: project.updatedAt,
      summary: `Échéance du projet ${project.name}`,
      url: `${input.publicUrl}/projects/${project.id}`,
    });
  }
  return calendar.toString();
}
