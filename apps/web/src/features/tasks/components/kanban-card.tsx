import type { Label, Member, Task, TaskStatus } from '@jalon/contract';
import { memo } from 'react';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { LabelChips } from '../../labels/index.ts';
import { AssigneeLabel } from '../../members/index.ts';
import { PendingBadge } from '../../offline/index.ts';
import { KANBAN_COLUMNS } from '../task-views.ts';
import { LiveBadge } from '../../../live/live-badge.tsx';
import { DueDate } from './due-date.tsx';
import { MoveMenu } from './move-menu.tsx';
import type { SubTaskProgress as Progress } from '../task-family.ts';
import { ParentTitle, SubTaskProgress } from './task-family-line.tsx';
import { TaskLink } from './task-link.tsx';
import { TaskPriorityBadge } from './task-status-badge.tsx';

const t = fr.tasks;

interface KanbanCardProps {
  task: Task;
  /** A parent's sub-tasks done (undefined: it has none). */
  subTasks: Progress | undefined;
  /** A sub-task's parent's title. */
  parentTitle: string | null;
  pending: PendingState | undefined;
  /** The members directory, for the assignee's name. */
  members: readonly Member[] | undefined;
  /** The device's labels by id, for the chips. */
  labelsById: ReadonlyMap<string, Label>;
  onMove: (task: Task, status: TaskStatus) => void;
  onDragStart: (task: Task) => void;
  onDragEnd: () => void;
}

/** Dragged with the mouse, or moved from the keyboard with its 'Déplacer vers…' menu button. */
export const KanbanCard = memo(function KanbanCard({
  task,
  subTasks,
  parentTitle,
  pending,
  members,
  labelsById,
  onMove,
  onDragStart,
  onDragEnd,
}: KanbanCardProps) {
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
      <div className="kanban-card__top">
        <h3 className="task-card__title">
          <TaskLink taskId={task.id}>{title}</TaskLink>
        </h3>
        <MoveMenu
          title={title}
          targets={KANBAN_COLUMNS.filter((column) => column !== task.status)}
          onMove={(status) => onMove(task, status)}
        />
      </div>
      <ParentTitle title={parentTitle} />
      <div className="task-card__header">
        <TaskPriorityBadge priority={task.priority} />
        {subTasks && <SubTaskProgress done={subTasks.done} total={subTasks.total} />}
        <PendingBadge state={pending} />
        <LiveBadge taskId={task.id} />
      </div>
      <LabelChips labelIds={task.labels} byId={labelsById} />
      <div className="task-card__meta muted-text">
        <AssigneeLabel assigneeId={task.assignee} members={members} />
        {task.estimatedMinutes !== null && <span>{t.estimate(task.estimatedMinutes)}</span>}
        <DueDate task={task} show="labelled" />
      </div>
    </article>
  );
});
