import type { Project, ProjectStatus } from '@jalon/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { useDeleteProject } from '../api/delete-project.ts';
import { useProjects } from '../api/list-projects.ts';
import { useUpdateProjectStatus, writeProject } from '../api/update-project.ts';
import { filterProjects, type StatusFilter } from '../project-filter.ts';
import { NewProjectForm } from './new-project-form.tsx';
import { ProjectCard } from './project-card.tsx';
import { ProjectConflictAlert } from './project-conflict-alert.tsx';
import { ProjectFilters } from './project-filters.tsx';

const t = fr.projects;

const isConflict = (error: unknown) => isApiError(error) && error.code === 'version_conflict';

export function ProjectsPage() {
  const queryClient = useQueryClient();
  const projects = useProjects();
  const updateStatus = useUpdateProjectStatus();
  const remove = useDeleteProject();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<Project | null>(null);
  const [notice, setNotice] = useState('');

  // SPEC §8: a failed load or update replaces the page; a 409 is shown as a conflict instead.
  const failure =
    projects.error ??
    (updateStatus.error && !isConflict(updateStatus.error) ? updateStatus.error : null) ??
    remove.error;

  const header = (
    <PageHeader title={t.title}>
      {!failure && (
        <button
          type="button"
          className="button button--primary"
          aria-expanded={creating}
          aria-controls="new-project-panel"
          onClick={() => setCreating((open) => !open)}
        >
          {t.newProject}
        </button>
      )}
    </PageHeader>
  );

  if (failure) {
    return (
      <>
        {header}
        <Alert tone="error">{t.error(errorMessage(failure))}</Alert>
        <button
          type="button"
          className="button"
          onClick={() => {
            updateStatus.reset();
            remove.reset();
            void projects.refetch();
          }}
        >
          {fr.common.retry}
        </button>
      </>
    );
  }

  const changeStatus = (project: Project, next: ProjectStatus) => {
    setNotice('');
    updateStatus.mutate({ project, status: next });
  };

  const all = projects.data ?? [];
  const shown = filterProjects(all, status, search);

  return (
    <>
      {header}
      <div id="new-project-panel">
        {creating && (
          <NewProjectForm
            onCancel={() => setCreating(false)}
            onCreated={(project) => {
              setCreating(false);
              setNotice(t.create.created(project.name));
            }}
          />
        )}
      </div>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {updateStatus.error && isApiError(updateStatus.error) && isConflict(updateStatus.error) && (
        <ProjectConflictAlert
          error={updateStatus.error}
          onDismiss={() => updateStatus.reset()}
          onReload={(server) => {
            if (server) writeProject(queryClient, server.id, () => server);
            else void queryClient.invalidateQueries({ queryKey: ['projects'] });
            updateStatus.reset();
          }}
        />
      )}
      <ProjectFilters status={status} search={search} onStatusChange={setStatus} onSearchChange={setSearch} />
      {projects.isPending ? (
        <Spinner label={t.loading} />
      ) : (
        <>
          <p className="muted-text" aria-live="polite">
            {t.filter.count(shown.length, all.length)}
          </p>
          {all.length === 0 && <p className="empty-text">{t.empty}</p>}
          {all.length > 0 && shown.length === 0 && <p className="empty-text">{t.noMatch}</p>}
          <div className="project-grid">
            {shown.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                onStatusChange={changeStatus}
                onDelete={setPendingDelete}
              />
            ))}
          </div>
        </>
      )}
      {pendingDelete && (
        <ConfirmDialog
          title={t.deleteDialog.title}
          message={t.deleteDialog.message}
          confirmLabel={t.deleteDialog.confirm}
          cancelLabel={t.deleteDialog.cancel}
          onCancel={() => setPendingDelete(null)}
          onConfirm={() => {
            const project = pendingDelete;
            setPendingDelete(null);
            remove.mutate(project, { onSuccess: () => setNotice(t.deleted(project.name)) });
          }}
        />
      )}
    </>
  );
}
