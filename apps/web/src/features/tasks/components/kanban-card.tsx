import type { Task, TaskStatus } from '@jalon/contract';
import { memo } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { AssigneeLabel } from '../../members/components/assignee-label.tsx';
import { PendingBadge } from '../../offline/components/pending-badge.tsx';
import { KANBAN_COLUMNS } from '../task-views.ts';
import { LiveBadge } from '../../../live/live-badge.tsx';

const t = fr.tasks;

interface KanbanCardProps {
  task: Task;
  pending: PendingState | undefined;
  onMove: (task: Task, status: TaskStatus) => void;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
}

/** Dragged with the mouse, or moved from the keyboard with its 'Déplacer vers…' select. */
export const KanbanCard = memo(function KanbanCard({ task, pending, onMove, onDragStart, onDragEnd }: KanbanCardProps) {
  const title = task.title || t.untitled;
  return (
    <article
      className="task-card kanban-card"
      aria-label={title}
      draggable
      onDragStart={(event) => {
        event.dataTransfer?.setData('text/plain', task.id);
        if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
        onDragStart(task);
      }}
      onDragEnd={onDragEnd}
    >
      <div className="task-card__header">
        <h3 className="task-card__title">{title}</h3>
        <StatusBadge tone="neutral" label={t.priorityLabels[task.priority]} />
        <PendingBadge state={pending} />
        <LiveBadge taskId={task.id} />
      </div>
      <AssigneeLabel assigneeId={task.assignee} />
      {task.description && <p className="task-card__description task-card__description--clamped">{task.description}</p>}
      {task.estimatedMinutes !== null && <p className="task-card__meta muted-text">{t.estimate(task.estimatedMinutes)}</p>}
      <select
        className="input input--small"
        aria-label={t.kanban.moveLabel(title)}
        value=""
        onChange={(event) => {
          const status = KANBAN_COLUMNS.find((column) => column === event.target.value);
          if (status) onMove(task, status);
        }}
      >
        <option value="" disabled>
          {t.kanban.moveTo}
        </option>
        {KANBAN_COLUMNS.filter((column) => column !== task.status).map((column) => (
          <option key={column} value={column}>
            {t.statusLabel(column)}
          </option>
        ))}
      </select>
    </article>
  );
});
