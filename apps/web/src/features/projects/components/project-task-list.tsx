import type { Task, TaskStatus } from '@jalon/contract';
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { PendingBadge } from '../../offline/components/pending-badge.tsx';
import { LiveBadge } from '../../../live/live-badge.tsx';

const t = fr.projects.detail;

const tones: Record<TaskStatus, BadgeTone> = {
  todo: 'neutral',
  in_progress: 'info',
  in_review: 'warning',
  done: 'success',
};

interface ProjectTaskListProps {
  tasks: readonly Task[];
  pending: ReadonlyMap<string, PendingState>;
}

export function ProjectTaskList({ tasks, pending }: ProjectTaskListProps) {
  if (tasks.length === 0) return <p className="empty-text">{t.noTasks}</p>;
  return (
    <ul className="task-cards" aria-labelledby="project-tasks-title">
      {tasks.map((task) => (
        <li key={task.id} className="task-card">
          <div className="task-card__header">
            <h3 className="task-card__title">{task.title || fr.tasks.untitled}</h3>
            <StatusBadge tone={tones[task.status]} label={fr.tasks.statusLabel(task.status)} />
            <PendingBadge state={pending.get(task.id)} />
            <LiveBadge taskId={task.id} />
          </div>
          {task.description && <p className="task-card__description">{task.description}</p>}
          <p className="task-card__meta muted-text">
            <span>{t.taskCreatedAt(formatDay(task.createdAt))}</span>
            <span>{task.deadline ? t.taskDeadline(formatDay(task.deadline)) : t.taskNoDeadline}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
