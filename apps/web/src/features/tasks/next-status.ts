import type { TaskStatus } from '@jalon/contract';
import { KANBAN_COLUMNS } from './task-views.ts';

/**
 * The status one tap on a phone's row moves a task to: the next column of the board, and from the last
 * one ('Terminée') back to the first, so that a tap too many is undone by tapping on round.
 */
export function nextStatus(status: TaskStatus): TaskStatus {
  const index = KANBAN_COLUMNS.indexOf(status);
  return KANBAN_COLUMNS[(index + 1) % KANBAN_COLUMNS.length]!;
}
