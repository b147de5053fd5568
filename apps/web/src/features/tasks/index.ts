// What other features use of the tasks: their writes, the filters' "not done", a status's icon, and the
// views (kanban, list, calendar) a project's page shows its tasks in.
export { useTaskWrites } from './api/task-writes.ts';
export { NewTaskDisclosure } from './components/new-task-disclosure.tsx';
export { TaskLink } from './components/task-link.tsx';
export { TaskCreateForm } from './components/task-create-form.tsx';
export { StatusIcon } from './components/task-icons.tsx';
export { TaskViewsPanel } from './components/task-views-panel.tsx';
export { ViewSwitcher } from './components/view-switcher.tsx';
export { useTaskView } from './hooks/use-task-view.ts';
export { NOT_DONE, filteredTasksPath } from './task-filters.ts';
export { KANBAN_COLUMNS } from './task-views.ts';
