import type { Project } from '@jalon/contract';
import { memo, useId } from 'react';
import { Link } from 'wouter';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { projectDeadline } from '../dashboard-model.ts';
import { ProgressRing } from './progress-ring.tsx';

const t = dashboard.projects;

function DeadlineBadge({ project, now }: { project: Project; now: Date }) {
  const deadline = projectDeadline(project, now);
  if (deadline === null) return null;
  if (deadline.kind === 'overdue') return <span className="dash-badge dash-badge--overdue">{t.overdue}</span>;
  return (
    <span className="dash-badge dash-badge--info">
      <span aria-hidden="true">{t.daysLeft(deadline.days)}</span>
      <span className="visually-hidden">{t.daysLeftLong(deadline.days)}</span>
    </span>
  );
}

function ProjectCard({
  project,
  now,
  focused,
  onFocus,
}: {
  project: Project;
  now: Date;
  focused: boolean;
  onFocus: () => void;
}) {
  const titleId = useId();
  return (
    <li>
      <article className={`dash-project${focused ? ' dash-project--focused' : ''}`} aria-labelledby={titleId}>
        <div className="dash-project__head">
          <div>
            <h3 id={titleId} className="dash-project__name">
              {project.name}
            </h3>
            <p className="dash-project__meta">
              <span className={`dash-status dash-status--${project.status}`}>{t.status[project.status]}</span>
              <DeadlineBadge project={project} now={now} />
              <span>{t.taskCount(project.taskCount)}</span>
            </p>
          </div>
          <ProgressRing percent={project.progress} />
        </div>
        {project.description !== '' && <p className="dash-project__description">{project.description}</p>}
        <div className="dash-project__actions">
          <Link className="button" to={`/projects/${project.id}`} aria-describedby={titleId}>
            {t.open}
          </Link>
          <button
            type="button"
            className="button"
            aria-describedby={titleId}
            aria-pressed={focused}
            onClick={onFocus}
          >
            {t.focus}
          </button>
        </div>
      </article>
    </li>
  );
}

interface ProjectCardsProps {
  projects: readonly Project[];
  now: Date;
  focusedId: string | null;
  onFocus: (projectId: string) => void;
}

/** 'Projets en cours': up to 6 cards, already sorted by progress by the server. */
export const ProjectCards = memo(function ProjectCards({
  projects,
  now,
  focusedId,
  onFocus,
}: ProjectCardsProps) {
  const headingId = useId();
  return (
    <section className="dash-panel dash-panel--projects" aria-labelledby={headingId}>
      <div className="dash-panel__head">
        <h2 id={headingId}>{t.title}</h2>
        <Link className="button button--ghost" to="/projects">
          {t.all}
        </Link>
      </div>
      {projects.length === 0 ? (
        <p className="empty-text">{t.empty}</p>
      ) : (
        <ul className="dash-projects">
          {projects.slice(0, 6).map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              now={now}
              focused={project.id === focusedId}
              onFocus={() => onFocus(project.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
});
