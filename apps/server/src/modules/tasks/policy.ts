import type { Viewer } from '../projects/policy.ts';

/** A task is deleted by its creator, the owner of its project, or an administrator. */
export const canDeleteTask = (viewer: Viewer, task: { createdBy: string | null }, projectOwnerId: string | null): boolean =>
  viewer.isAdmin || task.createdBy === viewer.userId || projectOwnerId === viewer.userId;
