import { memo } from 'react';
import { LiveBadge } from '../../../live/live-badge.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { LabelChips } from '../../labels/index.ts';
import { AssigneeLabel } from '../../members/index.ts';
import { PendingBadge } from '../../offline/index.ts';
import { DueDate } from './due-date.tsx';
import { PriorityIcon } from './task-icons.tsx';
import { StatusStepButton } from './status-step-button.tsx';
import { TaskLink } from './task-link.tsx';
import { ParentTitle, SubTaskProgress } from './task-family-line.tsx';
import { TaskRowEdit } from './task-row-edit.tsx';
import type { TaskTableRowProps } from './task-table-row.tsx';

const t = fr.tasks;

/**
 * One task on a phone, about 60 px high so that a screen shows six or more: the status (one tap moves it
 * on), the title on one line, then its status, deadline, priority, project and assignee on a second;
 * 'Modifier' opens the editor under the row as on a desk.
 */
export const TaskPhoneRow = memo(function TaskPhoneRow({
  task,
  subTasks,
  parentTitle,
  labelsById,
  projectName,
  members,
  pending,
  editing,
  onEdit,
  onStatus,
  onSave,
}: TaskTableRowProps) {
  const title = task.title || t.untitled;
  return (
    <>
      <div role="cell" className="task-row__status">
        <StatusStepButton title={title} status={task.status} onStatus={(status) => onStatus(task, status)} />
      </div>
      <div role="cell" className="task-row__main">
        <span className="task-row__line">
          <span className="task-row__title">
            <TaskLink taskId={task.id}>{title}</TaskLink>
          </span>
          {subTasks && <SubTaskProgress done={subTasks.done} total={subTasks.total} />}
          <PendingBadge state={pending} />
          <LiveBadge taskId={task.id} />
        </span>
        <ParentTitle title={parentTitle} />
        <LabelChips labelIds={task.labels} byId={labelsById} />
        <span className="task-row__line task-row__meta muted-text">
          <span>{t.statusLabel(task.status)}</span>
          {/* The deadline comes early in the line: 'En retard' is what triage looks for, and the line may be cut. */}
          <DueDate task={task} show="day" />
          <span className="task-row__priority">
            <PriorityIcon priority={task.priority} />
            {t.priorityLabels[task.priority]}
          </span>
          {projectName !== null && <span className="task-row__project">{projectName}</span>}
          <AssigneeLabel assigneeId={task.assignee} members={members} />
        </span>
      </div>
      <TaskRowEdit
        task={task}
        editing={editing}
        onEdit={onEdit}
        onSave={onSave}
        className="task-row__actions"
      />
    </>
  );
});
