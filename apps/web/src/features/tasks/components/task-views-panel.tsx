import type { Task, TaskPriority, TaskStatus, UpdateTask } from '@jalon/contract';
import { memo, useCallback, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { useTaskWrites } from '../api/task-writes.ts';
import type { TaskView } from '../task-views.ts';
import { CalendarView } from './calendar-view.tsx';
import { KanbanView } from './kanban-view.tsx';
import type { TaskEditPatch } from './task-edit-form.tsx';
import { TaskTable } from './task-table.tsx';

const t = fr.tasks;

interface TaskViewsPanelProps {
  view: TaskView;
  tasks: readonly Task[];
  pending: ReadonlyMap<string, PendingState>;
  /** The projects' names for the list's project column; null for one project's tasks (no such column). */
  projectNames: ReadonlyMap<string, string> | null;
}

/**
 * The three views of a set of tasks (1 Kanban, 2 list, 3 calendar), for /tasks and for a
 * project's page alike. Every change is an ordinary edit through the outbox: shown at once, 'En attente'
 * until the server has it; the outcome of a move or a change is announced politely. Memoised: while the
 * tasks page defers a filter change, it renders again with the same list, and the views need not.
 */
export const TaskViewsPanel = memo(function TaskViewsPanel({
  view,
  tasks,
  pending,
  projectNames,
}: TaskViewsPanelProps) {
  const writes = useTaskWrites();
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // Stable, so that a card or row whose task did not change does not re-render when another one moves.
  const change = useCallback(
    (task: Task, patch: UpdateTask, said?: string) => {
      setFailure(null);
      if (said) setAnnouncement(said);
      writes.update(task, patch).catch((error: unknown) => setFailure(t.updateFailed(errorMessage(error))));
    },
    [writes],
  );
  const move = useCallback(
    (task: Task, status: TaskStatus) =>
      change(task, { status }, t.kanban.moved(task.title || t.untitled, t.statusLabel(status))),
    [change],
  );
  const setStatus = useCallback(
    (task: Task, status: TaskStatus) =>
      change(
        task,
        { status },
        t.table.changed(task.title || t.untitled, t.table.columns.status, t.statusLabel(status)),
      ),
    [change],
  );
  const setPriority = useCallback(
    (task: Task, priority: TaskPriority) =>
      change(
        task,
        { priority },
        t.table.changed(task.title || t.untitled, t.table.columns.priority, t.priorityLabels[priority]),
      ),
    [change],
  );
  const save = useCallback((task: Task, patch: TaskEditPatch) => change(task, patch), [change]);

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="task-view">
        {view === 'kanban' && <KanbanView tasks={tasks} pending={pending} onMove={move} />}
        {view === 'list' && (
          <TaskTable
            tasks={tasks}
            pending={pending}
            projectNames={projectNames}
            onStatus={setStatus}
            onPriority={setPriority}
            onSave={save}
          />
        )}
        {view === 'calendar' && <CalendarView tasks={tasks} />}
      </div>
    </>
  );
});
