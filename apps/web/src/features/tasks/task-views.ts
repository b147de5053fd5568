import { TASK_STATUSES } from '@jalon/contract/plain';
import type { TaskStatus } from '@jalon/contract';

export const TASK_VIEWS = ['kanban', 'list', 'calendar'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];

export const isTaskView = (value: string | null): value is TaskView =>
  value !== null && (TASK_VIEWS as readonly string[]).includes(value);

/** Kanban columns, left to right. */
export const KANBAN_COLUMNS: readonly TaskStatus[] = TASK_STATUSES;
