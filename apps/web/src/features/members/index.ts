// What the task screens use of the members: the directory, an assignee's label and picker, 'Mes tâches'.
export { useMembers } from './api/members.ts';
export { AssigneeLabel } from './components/assignee-label.tsx';
export { AssigneePicker } from './components/assignee-picker.tsx';
export { MyTasksFilter } from './components/my-tasks-filter.tsx';
export { filterMyTasks, isMineFilterOn } from './my-tasks.ts';
export { assigneeDisplay } from './member-names.ts';
