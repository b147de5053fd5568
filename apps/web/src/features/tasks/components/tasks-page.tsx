import type { Task, TaskStatus, UpdateTask } from '@jalon/contract';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { useWork, useWorkEngine } from '../../../offline/work-context.tsx';
import { projectOptions } from '../project-options.ts';
import { useSession } from '../../../lib/session-store.ts';
import { MyTasksFilter } from '../../members/components/my-tasks-filter.tsx';
import { filterMyTasks, isMineFilterOn } from '../../members/my-tasks.ts';
import { useTaskWrites } from '../api/task-writes.ts';
import { useViewKeys } from '../hooks/use-view-keys.ts';
import { isTaskView, type TaskView } from '../task-views.ts';
import { CalendarView } from './calendar-view.tsx';
import { KanbanView } from './kanban-view.tsx';
import { NewTaskInlineForm } from './new-task-inline-form.tsx';
import { TaskListView } from './task-list-view.tsx';
import { ViewSwitcher } from './view-switcher.tsx';

const t = fr.tasks;

/**
 * SPEC §2 "Task list", read from the device's copy first: an edit shows at once, marked 'En attente' until
 * the server has it; a clash goes to the 'Conflits' panel instead of overwriting anything.
 */
export function TasksPage() {
  const work = useWork();
  const { user } = useSession();
  const engine = useWorkEngine();
  const writes = useTaskWrites();
  const projects = useMemo(() => projectOptions(work.projects), [work.projects]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
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

  // Stable, so that a card whose task did not change does not re-render when another one moves.
  const change = useCallback(
    (task: Task, patch: UpdateTask) => {
      setFailure(null);
      writes.update(task, patch).catch((error: unknown) => setFailure(t.updateFailed(errorMessage(error))));
    },
    [writes],
  );
  const refresh = () => {
    if (!engine) return;
    setRefreshing(true);
    void engine.refresh().finally(() => setRefreshing(false));
  };
  const move = useCallback(
    (task: Task, status: TaskStatus) => {
      setAnnouncement(t.kanban.moved(task.title || t.untitled, t.statusLabel(status)));
      change(task, { status });
    },
    [change],
  );

  const mine = isMineFilterOn(searchParams);
  const list = filterMyTasks(work.tasks, user?.id ?? null, mine);
  const loaded = work.ready;
  return (
    <>
      <PageHeader title={t.title}>
        <button type="button" className="button" disabled={refreshing || !engine} onClick={refresh}>
          {refreshing ? t.refreshing : t.refresh}
        </button>
      </PageHeader>
      <NewTaskInlineForm projects={projects} loaded={loaded} />
      <div className="toolbar toolbar--views">
        <ViewSwitcher view={view} onChange={setView} />
        <MyTasksFilter />
        {loaded && <p className="muted-text">{t.count(list.length)}</p>}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {failure && <Alert tone="error">{failure}</Alert>}
      {!loaded && !work.loadError && <Spinner label={t.loading} />}
      {!loaded && work.loadError !== null && <Alert tone="error">{t.error(errorMessage(work.loadError))}</Alert>}
      {loaded && list.length === 0 && <p className="empty-text">{t.empty}</p>}
      {loaded && list.length > 0 && (
        <div className="task-view">
          {view === 'kanban' && <KanbanView tasks={list} pending={work.pending} onMove={move} />}
          {view === 'list' && (
            <TaskListView tasks={list} pending={work.pending} onSave={(task, patch) => change(task, patch)} />
          )}
          {view === 'calendar' && <CalendarView tasks={list} />}
        </div>
      )}
    </>
  );
}
