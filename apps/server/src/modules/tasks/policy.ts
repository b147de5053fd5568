import type { Viewer } from '../projects/policy.ts';

/** A task is deleted by its creator, the owner of its project, or an administrator. */
export const canDeleteTask = (
  viewer: Viewer,
  task: { createdBy: string | null },
  projectOwnerId: string | null,
): boolean => viewer.isAdmin || task.createdBy === viewer.userId || projectOwnerId === viewer.userId;

/**
 * Moving a task to another project takes it from the owner of the one it is in, as deleting it would, and
 * gives it to the new project's owner, who may then delete it: so only those who may delete it may move
 * it. Anyone else who could move it could delete it too, by moving it into a project of their own first.
 */
export const canMoveTask = canDeleteTask;
