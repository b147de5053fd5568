import type { Project } from '@jalon/contract';

export interface ProjectOption {
  id: string;
  name: string;
}

/** The projects a task can belong to, for the task forms' project select, from the device's copy. */
export const projectOptions = (projects: readonly Project[]): ProjectOption[] =>
  projects.map(({ id, name }) => ({ id, name }));
