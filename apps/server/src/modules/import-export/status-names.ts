import { labelNameKey, type TaskStatus } from '@jalon/contract';

/**
 * The words a status goes by, compared without case or accents: Jalon's French names (as a CSV export
 * writes them), its codes, and the usual names of a board's columns (a Trello list named « Fait »).
 */
const NAMES: Record<string, TaskStatus> = {
  'a faire': 'todo',
  todo: 'todo',
  'to do': 'todo',
  backlog: 'todo',
  'en cours': 'in_progress',
  in_progress: 'in_progress',
  doing: 'in_progress',
  'in progress': 'in_progress',
  'en revue': 'in_review',
  in_review: 'in_review',
  review: 'in_review',
  'a valider': 'in_review',
  validation: 'in_review',
  terminee: 'done',
  termine: 'done',
  terminees: 'done',
  fait: 'done',
  done: 'done',
};

/** The status a name stands for, or null when it is none of the known names. */
export const statusOfName = (name: string): TaskStatus | null => NAMES[labelNameKey(name.trim())] ?? null;

/** The French name of a status, as the screens and a CSV export write it. */
export const STATUS_NAMES: Record<TaskStatus, string> = {
  todo: 'À faire',
  in_progress: 'En cours',
  in_review: 'En revue',
  done: 'Terminée',
};

export const PRIORITY_NAMES = { high: 'Haute', medium: 'Moyenne', low: 'Basse' } as const;
