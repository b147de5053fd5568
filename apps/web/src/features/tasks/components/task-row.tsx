import type { Task } from '@jalon/contract';
import type { TaskEditPatch } from './task-edit-form.tsx';
import { useEffect, useRef } from 'react';
import type { PendingState } from '../../../offline/work-rows.ts';
import { AssigneeLabel } from '../../members/components/assignee-label.tsx';
import { PendingBadge } from '../../offline/components/pending-badge.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';
import { TaskEditForm } from './task-edit-form.tsx';
import { TaskStatusBadge } from './task-status-badge.tsx';
import { LiveBadge } from '../../../live/live-badge.tsx';

const t = fr.tasks;

interface TaskRowProps {
  task: Task;
  editing: boolean;
  pending: PendingState | undefined;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (patch: TaskEditPatch) => void;
}

export function TaskRow({ task, editing, pending, onEdit, onCancel, onSave }: TaskRowProps) {
  const editButton = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  // Closing the editor puts the keyboard back on the 'Modifier' that opened it.
  useEffect(() => {
    if (editing || !restoreFocus.current) return;
    restoreFocus.current = false;
    editButton.current?.focus();
  }, [editing]);
  const leave = (then: () => void) => {
    restoreFocus.current = true;
    then();
  };

  return (
    <article className="task-card" aria-label={task.title || t.untitled}>
      <div className="task-card__header">
        <h3 className="task-card__title">{task.title || t.untitled}</h3>
        <TaskStatusBadge status={task.status} />
        <PendingBadge state={pending} />
        <LiveBadge taskId={task.id} />
      </div>
      {editing ? (
        <TaskEditForm task={task} onCancel={() => leave(onCancel)} onSave={(patch) => leave(() => onSave(patch))} />
      ) : (
        <>
          <AssigneeLabel assigneeId={task.assignee} />
          {task.description && <p className="task-card__description">{task.description}</p>}
          <p className="task-card__meta muted-text">
            {task.estimatedMinutes !== null && <span>{t.estimate(task.estimatedMinutes)}</span>}
            {task.deadline && <span>{fr.projects.detail.taskDeadline(formatDay(task.deadline))}</span>}
          </p>
          <button ref={editButton} type="button" className="button button--small" onClick={onEdit}>
            {t.edit.open}
          </button>
        </>
      )}
    </article>
  );
}
