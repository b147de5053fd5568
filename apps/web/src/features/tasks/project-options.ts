import { isTmpId, stripTmpPrefix, type Project } from '@jalon/contract';

export interface ProjectOption {
  id: string;
  name: string;
}

/** The projects a task can belong to, for the task forms' project select, from the device's copy. */
export const projectOptions = (projects: readonly Project[]): ProjectOption[] =>
  projects.map(({ id, name }) => ({ id, name }));

/**
 * A form's chosen project, followed across its creation on the server: a project made on this device is
 * listed as `tmp-<uuid>` until the server has it, then as `<uuid>` (SYNC.md §2). Without this, a choice made
 * in between would point at no option any more, and the select would fall back to 'Choisir un projet'.
 */
export function followCreatedProject(chosen: string, projects: readonly Pick<ProjectOption, 'id'>[]): string {
  if (!isTmpId(chosen) || projects.some((project) => project.id === chosen)) return chosen;
  const serverId = stripTmpPrefix(chosen);
  return projects.some((project) => project.id === serverId) ? serverId : chosen;
}
