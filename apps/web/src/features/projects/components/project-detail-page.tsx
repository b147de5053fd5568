import { stripTmpPrefix } from '@jalon/contract/plain';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { canGoBack, useNavigate } from '../../../lib/navigation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { RenderAfterPaint } from '../../../components/ui/render-after-paint.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { followCreatedId } from '../../../offline/created-id.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { PendingBadge } from '../../offline/index.ts';
import {
  filterByLabel,
  LabelFilter,
  NewTaskDisclosure,
  TaskCreateForm,
  TaskViewsPanel,
  useTaskView,
  ViewSwitcher,
} from '../../tasks/index.ts';
import { ProjectDetails } from './project-details.tsx';
import { ProjectStatusBadge } from './project-status-badge.tsx';
import { ProjectTaskSummary } from './project-task-summary.tsx';

const t = fr.projects.detail;

function NavigationButtons() {
  const navigate = useNavigate();
  // With nothing of the app's to go back to (lib/navigation.ts numbers its entries), 'Retour' goes to the list.
  return (
    <div className="inline-actions project-nav">
      <button
        type="button"
        className="button"
        onClick={() => void (canGoBack() ? navigate(-1) : navigate('/projects'))}
      >
        {t.back}
      </button>
      <Link className="button" to="/projects">
        {t.allProjects}
      </Link>
    </div>
  );
}

/**
 * The way back above the page's header; on a phone below it, so that the title starts within the first
 * screen's top (issue 17: the h1 within 120 px) and the top bar's 'Menu' stays the first way out.
 */
function WithNavigation({ header }: { header: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return phone ? (
    <>
      {header}
      <NavigationButtons />
    </>
  ) : (
    <>
      <NavigationButtons />
      {header}
    </>
  );
}

/**
 * A project's page, from the device's copy, with the task screen's three views of its tasks
 * (keys 1, 2, 3; `?view=` as on /tasks). A project created on this device opens as
 * `/projects/tmp-<uuid>`; once the server has it, the address moves to its real id (the uuid itself),
 * keeping the chosen view.
 */
export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const work = useWork();
  const navigate = useNavigate();
  const search = useSearch();
  const [view, setView] = useTaskView();
  const currentId = followCreatedId(id, work.projects);
  // Until the address has moved, the renamed project is shown as it is: a 'not found' in between would
  // remount the page's forms and lose a task title being typed.
  const project = work.projects.find((candidate) => candidate.id === currentId);
  const renamed = currentId !== id && project !== undefined;
  useEffect(() => {
    if (renamed) void navigate(`/projects/${currentId}${search && `?${search}`}`, { replace: true });
  }, [renamed, currentId, navigate, search]);
  const tasks = useMemo(() => {
    const serverId = stripTmpPrefix(id);
    return work.tasks.filter((task) => task.project === id || task.project === serverId);
  }, [work.tasks, id]);
  // The views show the tasks of the label chosen in the address (`label=`); the summary counts them all.
  const shown = useMemo(() => filterByLabel(tasks, new URLSearchParams(search)), [tasks, search]);

  if (!project && !work.ready && work.loadError === null) {
    return (
      <>
        <NavigationButtons />
        <Spinner label={t.loading} />
      </>
    );
  }
  if (!project) {
    return (
      <>
        <WithNavigation header={<PageHeader title={fr.projects.title} />} />
        {work.ready ? (
          <p className="empty-text">{t.notFound}</p>
        ) : (
          <Alert tone="error">{fr.projects.error(errorMessage(work.loadError))}</Alert>
        )}
      </>
    );
  }

  const data = project;
  return (
    <>
      <WithNavigation
        header={
          <PageHeader title={data.name}>
            <ProjectStatusBadge status={data.status} />
            <PendingBadge state={work.pending.get(data.id)} />
          </PageHeader>
        }
      />
      <ProjectTaskSummary progress={data.progress} tasks={tasks} />
      <ProjectDetails project={data} />
      <NewTaskDisclosure>
        <TaskCreateForm variant="project" projectId={data.id} />
      </NewTaskDisclosure>
      <section aria-labelledby="project-tasks-title">
        <div className="toolbar toolbar--views">
          <h2 id="project-tasks-title" className="section-title">
            {t.tasksTitle}
          </h2>
          <ViewSwitcher view={view} onChange={setView} />
        </div>
        {work.labels.length > 0 && <LabelFilter id="project-label-filter" />}
        {shown.length === 0 ? (
          <p className="empty-text">{tasks.length === 0 ? t.noTasks : fr.tasks.filters.noMatch}</p>
        ) : (
          // The project's header and details paint first; its tasks follow a frame later.
          <RenderAfterPaint>
            <TaskViewsPanel view={view} tasks={shown} pending={work.pending} projectNames={null} />
          </RenderAfterPaint>
        )}
      </section>
    </>
  );
}
