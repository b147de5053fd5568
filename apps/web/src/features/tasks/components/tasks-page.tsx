import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { useWork, useWorkEngine } from '../../../offline/work-context.tsx';
import { projectOptions } from '../project-options.ts';
import { useSession } from '../../../lib/session-store.ts';
import { filterMyTasks, isMineFilterOn } from '../../members/index.ts';
import { useTaskView } from '../hooks/use-task-view.ts';
import { filterTasks, readTaskFilters } from '../task-filters.ts';
import { tasksOfProject } from '../task-index.ts';
import { KanbanHint } from './kanban-view.tsx';
import { NewTaskDisclosure } from './new-task-disclosure.tsx';
import { TaskCreateForm } from './task-create-form.tsx';
import { TaskFiltersBar } from './task-filters-bar.tsx';
import { TaskViewsPanel } from './task-views-panel.tsx';
import { ViewSwitcher } from './view-switcher.tsx';

const t = fr.tasks;

/**
 * The task list, read from the device's copy first: an edit shows at once, marked 'En attente' until
 * the server has it; a clash goes to the 'Conflits' panel instead of overwriting anything. The filters
 * live in the address, so all three views show the same filtered tasks.
 */
export function TasksPage() {
  const work = useWork();
  const user = useSession((session) => session.user);
  const engine = useWorkEngine();
  const projects = useMemo(() => projectOptions(work.projects), [work.projects]);
  const projectNames = useMemo(
    () => new Map(projects.map((project) => [project.id, project.name])),
    [projects],
  );
  const [searchParams] = useSearchParams();
  const [refreshing, setRefreshing] = useState(false);
  const [view, setView] = useTaskView();

  const refresh = () => {
    if (!engine) return;
    setRefreshing(true);
    void engine.refresh().finally(() => setRefreshing(false));
  };

  // The filters bar follows each key at once; the filtered views follow at a lower priority, so that
  // typing in the text filter is not held up by re-rendering a long list or board on every letter.
  const query = useDeferredValue(searchParams.toString());
  // A project chosen, only its tasks are filtered, from the copy's index by project, not every task of
  // the device (20,000 in the scale suite for a project of 2,000; issue 40).
  const list = useMemo(() => {
    const params = new URLSearchParams(query);
    const filters = readTaskFilters(params);
    const tasks = filters.project === null ? work.tasks : tasksOfProject(work.tasks, filters.project);
    return filterTasks(filterMyTasks(tasks, user?.id ?? null, isMineFilterOn(params)), {
      ...filters,
      project: null,
    });
  }, [work.tasks, user?.id, query]);
  const loaded = work.ready;
  return (
    <>
      <PageHeader title={t.title} inline>
        <button type="button" className="button" disabled={refreshing || !engine} onClick={refresh}>
          {refreshing ? t.refreshing : t.refresh}
        </button>
      </PageHeader>
      <div className="task-page-tools">
        <NewTaskDisclosure>
          <TaskCreateForm
            variant="inline"
            projects={{ options: projects, ready: loaded }}
            filteredProject={readTaskFilters(searchParams).project}
          />
        </NewTaskDisclosure>
        <TaskFiltersBar projects={projects} />
      </div>
      <div className="toolbar toolbar--views">
        <ViewSwitcher view={view} onChange={setView} />
        {loaded && <p className="muted-text">{t.count(list.length)}</p>}
      </div>
      {!loaded && !work.loadError && (
        <>
          {view === 'kanban' && <KanbanHint />}
          <Spinner label={t.loading} />
        </>
      )}
      {!loaded && work.loadError !== null && (
        <Alert tone="error">{t.error(errorMessage(work.loadError))}</Alert>
      )}
      {loaded && list.length === 0 && (
        <p className="empty-text">{work.tasks.length === 0 ? t.empty : t.filters.noMatch}</p>
      )}
      {loaded && list.length > 0 && (
        <TaskViewsPanel view={view} tasks={list} pending={work.pending} projectNames={projectNames} />
      )}
    </>
  );
}
