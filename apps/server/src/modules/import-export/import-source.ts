import type { LabelColor, TaskPriority, TaskStatus } from '@jalon/contract';
import { AppError } from '../../lib/errors.ts';

/** One task as a file describes it, before anything is matched against this Jalon. */
export interface SourceTask {
  /** The file's own id of the task (a Trello card's id, a CSV line's number, a Jalon task's id). */
  key: string;
  /** Where it is in the file, as the preview names it ('ligne 4', 'carte « Devis »'). */
  line: string;
  title: string;
  description: string;
  /** The status as the file names it (a Trello list, a CSV `statut`), and what it becomes. */
  sourceStatus: string;
  status: TaskStatus;
  priority: TaskPriority;
  progress?: number;
  estimatedMinutes?: number | null;
  /** The person as the file names them: an e-mail, or a Trello member's name. */
  assignee: string | null;
  deadline: string | null;
  /** Label names. */
  labels: string[];
  /** The key of the task it is a sub-task of (Jalon exports only). */
  parent?: string | null;
  /** The key of its project in the file (Jalon exports only: the others have one project). */
  project?: string;
}

/** What a file holds once read: its tasks, the labels it declares, and what it leaves out already. */
export interface ImportSource {
  /**
   * What makes ids stable: the same board (Trello's id), the same file (a CSV's SHA-256), or the export's
   * own ids (`null`: a Jalon export keeps its ids as they are).
   */
  identity: string | null;
  /** The new project's name, when no project is given: the board's or the file's. */
  name: string;
  /** The project's own fields, when the file has them (a Jalon export). */
  projects?: Array<{ key: string; name: string; description: string; deadline: string | null }>;
  labels: Map<string, LabelColor>;
  tasks: SourceTask[];
  /** People the file names and how: `e-mail` for both matching rules, or a display name. */
  people: Map<string, { email: string | null; name: string | null }>;
  skipped: Array<{ line: string; reason: string }>;
}

/** A file the import cannot read: 400 `import_malformed`, its French message naming the line or field. */
export const malformed = (detail: string): AppError => new AppError(400, 'import_malformed', detail);
