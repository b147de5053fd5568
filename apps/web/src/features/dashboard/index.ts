// What other features use of the dashboard: the live projects as choices (the import's project picker).
export { fetchProjectChoices, type ProjectChoice } from './api/list-projects.ts';
