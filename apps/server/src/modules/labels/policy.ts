import type { Viewer } from '../projects/policy.ts';

/**
 * Any member makes a label as they tag a task; renaming, recolouring or deleting one changes every task
 * that carries it, for the whole team, so it is kept to administrators.
 */
export const canManageLabels = (viewer: Viewer): boolean => viewer.isAdmin;
