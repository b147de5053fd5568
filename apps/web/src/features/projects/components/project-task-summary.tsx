import type { Task } from '@jalon/contract';
import { fr } from '../../../locales/fr/index.ts';
import { KANBAN_COLUMNS, StatusIcon } from '../../tasks/index.ts';

const t = fr.projects.detail;

interface ProjectTaskSummaryProps {
  /** 0–100, the server's figure for the project. */
  progress: number;
  tasks: readonly Task[];
}

/** The project's header figures: its progress, and how many of its tasks stand in each column (from the device's copy). */
export function ProjectTaskSummary({ progress, tasks }: ProjectTaskSummaryProps) {
  const percent = Math.min(100, Math.max(0, Math.round(progress)));
  return (
    <div className="project-summary">
      <div className="project-summary__progress">
        <span id="project-progress-label">{t.progress(percent)}</span>
        <progress aria-labelledby="project-progress-label" max={100} value={percent} />
      </div>
      <div role="group" aria-label={t.counters}>
        <dl className="project-summary__counters">
          <div>
            <dt>{fr.tasks.title}</dt>
            <dd>{tasks.length}</dd>
          </div>
          {KANBAN_COLUMNS.map((status) => (
            <div key={status}>
              <dt>
                <StatusIcon status={status} />
                {fr.tasks.statusLabel(status)}
              </dt>
              <dd>{tasks.filter((task) => task.status === status).length}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
