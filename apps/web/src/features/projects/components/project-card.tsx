import { useId } from 'react';
import { isOneOf, PROJECT_STATUSES } from '@jalon/contract/plain';
import type { Project, ProjectStatus } from '@jalon/contract';
import { Link } from 'wouter';
import { Field } from '../../../components/ui/field.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { PendingBadge } from '../../offline/index.ts';
import { ProjectStatusBadge } from './project-status-badge.tsx';

const t = fr.projects.card;

interface ProjectCardProps {
  project: Project;
  pending: PendingState | undefined;
  onStatusChange: (project: Project, status: ProjectStatus) => void;
  onDelete: (project: Project) => void;
}

export function ProjectCard({ project, pending, onStatusChange, onDelete }: ProjectCardProps) {
  const id = useId();
  return (
    <article className="project-card" aria-labelledby={`${id}-name`}>
      <header className="project-card__header">
        <h2 id={`${id}-name`} className="project-card__name">
          {project.name}
        </h2>
        <ProjectStatusBadge status={project.status} />
        <PendingBadge state={pending} />
      </header>
      <p className="project-card__description">{project.description}</p>
      <p className="project-card__meta muted-text">
        <span>{t.createdAt(formatDay(project.createdAt))}</span>
        <span>{t.taskCount(project.taskCount)}</span>
      </p>
      <div className="project-card__actions">
        <Field id={`${id}-status`} label={t.status} className="field--inline">
          {(control) => (
            <select
              {...control}
              className="input"
              value={project.status}
              onChange={(event) => {
                const status = event.target.value;
                if (isOneOf(PROJECT_STATUSES, status)) onStatusChange(project, status);
              }}
            >
              {PROJECT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {fr.projects.statusLabels[value]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Link className="button" to={`/projects/${project.id}`}>
          {t.open}
        </Link>
        {/* The server says who may delete; a button that can only fail is not offered. */}
        {project.permissions.canDelete && (
          <button type="button" className="button button--danger-outline" onClick={() => onDelete(project)}>
            {t.delete}
          </button>
        )}
      </div>
    </article>
  );
}
