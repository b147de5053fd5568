import type { Task, TaskStatus } from '@jalon/contract';
import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError, type ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { useProjectOptions } from '../api/list-project-options.ts';
import { tasksQueryKey, useTasks } from '../api/list-tasks.ts';
import { useUpdateTask, writeTask, type TaskChange } from '../api/update-task.ts';
import { useViewKeys } from '../hooks/use-view-keys.ts';
import { isTaskView, type TaskView } from '../task-views.ts';
import { CalendarView } from './calendar-view.tsx';
import { KanbanView } from './kanban-view.tsx';
import { NewTaskInlineForm } from './new-task-inline-form.tsx';
import { TaskConflictAlert } from './task-conflict-alert.tsx';
import { TaskListView } from './task-list-view.tsx';
import { ViewSwitcher } from './view-switcher.tsx';

const t = fr.tasks;

type Failure = { kind: 'conflict'; error: ApiError } | { kind: 'error'; message: string };

export function TasksPage() {
  const queryClient = useQueryClient();
  const tasks = useTasks();
  const projects = useProjectOptions();
  const update = useUpdateTask({
    onError: (error) =>
      setFailure(
        isApiError(error) && error.code === 'version_conflict'
          ? { kind: 'conflict', error }
          : { kind: 'error', message: t.updateFailed(errorMessage(error)) },
      ),
  });
  const [searchParams, setSearchParams] = useSearchParams();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const requested = searchParams.get('view');
  const view: TaskView = isTaskView(requested) ? requested : 'list';
  const setView = useCallback(
    (next: TaskView) =>
      setSearchParams(
        (params) => {
          params.set('view', next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  useViewKeys(setView);

  const pendingIds = useMutationState({
    filters: { mutationKey: ['tasks', 'update'], status: 'pending' },
    select: (mutation) => (mutation.state.variables as TaskChange | undefined)?.task.id ?? '',
  });
  const updating = useMemo(() => new Set(pendingIds), [pendingIds]);

  const change = (task: Task, patch: TaskChange['patch']) => {
    setFailure(null);
    update.mutate({ task, patch });
  };
  const move = (task: Task, status: TaskStatus) => {
    setAnnouncement(t.kanban.moved(task.title || t.untitled, t.statusLabel(status)));
    change(task, { status });
  };

  const list = tasks.data ?? [];
  return (
    <>
      <PageHeader title={t.title}>
        <button
          type="button"
          className="button"
          disabled={tasks.isFetching}
          onClick={() => {
            void tasks.refetch();
            void projects.refetch();
          }}
        >
          {tasks.isFetching && !tasks.isPending ? t.refreshing : t.refresh}
        </button>
      </PageHeader>
      <NewTaskInlineForm projects={projects.data} loaded={projects.isSuccess} />
      <div className="toolbar toolbar--views">
        <ViewSwitcher view={view} onChange={setView} />
        {tasks.isSuccess && <p className="muted-text">{t.count(list.length)}</p>}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {failure?.kind === 'conflict' && (
        <TaskConflictAlert
          error={failure.error}
          onDismiss={() => setFailure(null)}
          onReload={(server) => {
            if (server) writeTask(queryClient, server.id, () => server);
            else void queryClient.invalidateQueries({ queryKey: tasksQueryKey });
            setFailure(null);
          }}
        />
      )}
      {failure?.kind === 'error' && <Alert tone="error">{failure.message}</Alert>}
      {tasks.isPending && <Spinner label={t.loading} />}
      {tasks.isError && <Alert tone="error">{t.error(errorMessage(tasks.error))}</Alert>}
      {tasks.isSuccess && list.length === 0 && <p className="empty-text">{t.empty}</p>}
      {tasks.isSuccess && list.length > 0 && (
        <div className="task-view">
          {view === 'kanban' && <KanbanView tasks={list} updating={updating} onMove={move} />}
          {view === 'list' && (
            <TaskListView tasks={list} updating={updating} onSave={(task, patch) => change(task, patch)} />
          )}
          {view === 'calendar' && <CalendarView tasks={list} />}
        </div>
      )}
    </>
  );
}
