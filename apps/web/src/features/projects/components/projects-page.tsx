import type { Project, ProjectStatus } from '@jalon/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { useWork } from '../../../offline/work-context.tsx';
import { useProjectWrites } from '../api/project-writes.ts';
import { filterProjects, type StatusFilter } from '../project-filter.ts';
import { NewProjectForm } from './new-project-form.tsx';
import { ProjectCard } from './project-card.tsx';
import { ProjectFilters } from './project-filters.tsx';

const t = fr.projects;

/** The projects list, read from the device's copy; every change goes through the outbox. */
export function ProjectsPage() {
  const work = useWork();
  const writes = useProjectWrites();
  const [writeError, setWriteError] = useState<unknown>(null);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [pendingDelete, setPendingDelete] = useState<Project | null>(null);
  const [notice, setNotice] = useState('');

  // A failed load or update replaces the page (a clash goes to the 'Conflits' panel instead).
  const failure = (work.ready ? null : work.loadError) ?? writeError;

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
        <button type="button" className="button" onClick={() => setWriteError(null)}>
          {fr.common.retry}
        </button>
      </>
    );
  }

  const changeStatus = (project: Project, next: ProjectStatus) => {
    setNotice('');
    writes.update(project, { status: next }).catch(setWriteError);
  };

  const all = work.projects;
  const shown = filterProjects(all, status, search);

  return (
    <>
      {header}
      <div id="new-project-panel">
        {creating && (
          <NewProjectForm
            onCancel={() => setCreating(false)}
            onCreated={(_id, project) => {
              setCreating(false);
              setNotice(t.create.created(project.name));
            }}
          />
        )}
      </div>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      <ProjectFilters status={status} search={search} onStatusChange={setStatus} onSearchChange={setSearch} />
      {!work.ready ? (
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
                pending={work.pending.get(project.id)}
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
            writes.remove(project).then(() => setNotice(t.deleted(project.name)), setWriteError);
          }}
        />
      )}
    </>
  );
}
