import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDay } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { useProject } from '../api/get-project.ts';
import { useProjectTasks } from '../api/list-project-tasks.ts';
import { ProjectStatusBadge } from './project-status-badge.tsx';
import { ProjectTaskList } from './project-task-list.tsx';
import { QuickTaskForm } from './quick-task-form.tsx';

const t = fr.projects.detail;

// An id that is not even a UUID is refused as invalid (400): for the user it is just as unknown.
const isNotFound = (error: unknown) =>
  isApiError(error) && (error.code === 'not_found' || error.code === 'validation_failed');

function NavigationButtons() {
  const navigate = useNavigate();
  // React Router numbers history entries; with nothing to go back to, 'Retour' goes to the list.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <div className="inline-actions">
      <button type="button" className="button" onClick={() => void (canGoBack ? navigate(-1) : navigate('/projects'))}>
        {t.back}
      </button>
      <Link className="button" to="/projects">
        {t.allProjects}
      </Link>
    </div>
  );
}

export function ProjectDetailPage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const tasks = useProjectTasks(id, project.isSuccess);

  if (project.isPending) {
    return (
      <>
        <NavigationButtons />
        <Spinner label={t.loading} />
      </>
    );
  }
  if (project.isError) {
    return (
      <>
        <NavigationButtons />
        <PageHeader title={fr.projects.title} />
        {isNotFound(project.error) ? (
          <p className="empty-text">{t.notFound}</p>
        ) : (
          <Alert tone="error">{fr.projects.error(errorMessage(project.error))}</Alert>
        )}
      </>
    );
  }

  const data = project.data;
  return (
    <>
      <NavigationButtons />
      <PageHeader title={data.name}>
        <ProjectStatusBadge status={data.status} />
      </PageHeader>
      <dl className="detail-fields">
        <div>
          <dt>{t.description}</dt>
          <dd>{data.description}</dd>
        </div>
        <div>
          <dt>{t.deadline}</dt>
          <dd>{data.deadline ? formatDay(data.deadline) : t.noDeadline}</dd>
        </div>
        <div>
          <dt>{t.createdAt}</dt>
          <dd>{formatDay(data.createdAt)}</dd>
        </div>
      </dl>
      <QuickTaskForm projectId={data.id} />
      <section aria-labelledby="project-tasks-title">
        <h2 id="project-tasks-title" className="section-title">
          {t.tasksTitle}
        </h2>
        {tasks.isPending && <Spinner label={t.tasksLoading} />}
        {tasks.isError && <Alert tone="error">{fr.tasks.error(errorMessage(tasks.error))}</Alert>}
        {tasks.isSuccess && <ProjectTaskList tasks={tasks.data} />}
      </section>
    </>
  );
}
