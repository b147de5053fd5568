import type { Task } from '@jalon/contract';
import type { tasks } from '../../db/schema.ts';
import type { Viewer } from '../projects/policy.ts';
import { canDeleteTask } from './policy.ts';

export type TaskRow = typeof tasks.$inferSelect;

export const presentTask = (row: TaskRow, viewer: Viewer, projectOwnerId: string | null): Task => ({
  id: row.id,
  title: row.title,
  description: row.description,
  project: row.projectId,
  assignee: row.assigneeId,
  status: row.status,
  priority: row.priority,
  progress: row.progress,
  version: row.version,
  deadline: row.deadline?.toISOString() ?? null,
  estimatedMinutes: row.estimatedMinutes,
  labels: row.labels,
  parent: row.parentId,
  position: row.position,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  deletedAt: row.deletedAt?.toISOString() ?? null,
  permissions: { canDelete: canDeleteTask(viewer, row, projectOwnerId) },
});

/** What a task adds to its project's progress: a done task counts 100, others their own progress. */
export const effectiveProgress = (task: Pick<TaskRow, 'status' | 'progress'>) =>
  task.status === 'done' ? 100 : task.progress;
