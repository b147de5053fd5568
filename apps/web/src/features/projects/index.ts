// What other features use of the projects: their writes (the dashboard's quick create).
export { useProjectWrites } from './api/project-writes.ts';
