import type { Label, Member, Task, TaskPriority, TaskStatus } from '@jalon/contract';
import { TASK_PRIORITIES, TASK_STATUSES } from '@jalon/contract/plain';
import { memo } from 'react';
import { TruncatedText } from '../../../components/ui/truncated-text.tsx';
import { LiveBadge } from '../../../live/live-badge.tsx';
import { fr } from '../../../locales/fr/index.ts';
import type { PendingState } from '../../../offline/work-rows.ts';
import { LabelChips } from '../../labels/index.ts';
import { AssigneeLabel } from '../../members/index.ts';
import type { SubTaskProgress as Progress } from '../task-family.ts';
import { PendingBadge } from '../../offline/index.ts';
import { DueDate } from './due-date.tsx';
import { InlineSelect } from './inline-select.tsx';
import type { TaskEditPatch } from './task-edit-form.tsx';
import { TaskLink } from './task-link.tsx';
import { ParentTitle, SubTaskProgress } from './task-family-line.tsx';
import { TaskRowEdit } from './task-row-edit.tsx';
import { PriorityIcon, StatusIcon } from './task-icons.tsx';

const t = fr.tasks;
const columns = t.table.columns;
// From the contract, not task-views.ts: this runs as its chunk loads, and the task views' chunks import each
// other, so a value of another chunk may not be there yet.
const STATUS_OPTIONS = TASK_STATUSES.map((value) => ({ value, label: t.statusLabel(value) }));
// High first, as a person ranks them.
const PRIORITY_OPTIONS = [...TASK_PRIORITIES]
  .reverse()
  .map((value) => ({ value, label: t.priorityLabels[value] }));

export interface TaskRowActions {
  onStatus: (task: Task, status: TaskStatus) => void;
  onPriority: (task: Task, priority: TaskPriority) => void;
  onSave: (task: Task, patch: TaskEditPatch) => void;
}

export interface TaskTableRowProps extends TaskRowActions {
  task: Task;
  /** A parent's sub-tasks done (undefined: it has none). */
  subTasks: Progress | undefined;
  /** A sub-task's parent's title. */
  parentTitle: string | null;
  /** The device's labels by id, for the chips. */
  labelsById: ReadonlyMap<string, Label>;
  /** Null where the table leaves the project column out (a project's page). */
  projectName: string | null;
  /** The members directory, for the assignee's name. */
  members: readonly Member[] | undefined;
  pending: PendingState | undefined;
  editing: boolean;
  onEdit: (id: string | null) => void;
}

/** One task of the table: status and priority change in place; 'Modifier' opens the inline editor under the row. */
export const TaskTableRow = memo(function TaskTableRow({
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
  onPriority,
  onSave,
}: TaskTableRowProps) {
  const title = task.title || t.untitled;

  return (
    <>
      <div role="cell" className="task-table__cell task-table__cell--select" data-label={columns.status}>
        <InlineSelect
          label={t.table.statusOf(title)}
          value={task.status}
          options={STATUS_OPTIONS}
          icon={<StatusIcon status={task.status} />}
          onChange={(status) => onStatus(task, status)}
        />
      </div>
      <div role="cell" className="task-table__cell task-table__cell--select" data-label={columns.priority}>
        <InlineSelect
          label={t.table.priorityOf(title)}
          value={task.priority}
          options={PRIORITY_OPTIONS}
          icon={<PriorityIcon priority={task.priority} />}
          onChange={(priority) => onPriority(task, priority)}
        />
      </div>
      <div role="cell" className="task-table__cell task-table__cell--title">
        <span className="task-table__title-line">
          <span className="task-table__title">
            <TaskLink taskId={task.id}>{title}</TaskLink>
          </span>
          {subTasks && <SubTaskProgress done={subTasks.done} total={subTasks.total} />}
          <PendingBadge state={pending} />
          <LiveBadge taskId={task.id} />
        </span>
        <ParentTitle title={parentTitle} />
        {task.description && (
          <TruncatedText className="task-table__description muted-text" text={task.description} />
        )}
      </div>
      <div role="cell" className="task-table__cell" data-label={t.table.labels}>
        <LabelChips labelIds={task.labels} byId={labelsById} />
      </div>
      {projectName !== null && (
        <div role="cell" className="task-table__cell" data-label={columns.project}>
          <TruncatedText text={projectName} />
        </div>
      )}
      <div role="cell" className="task-table__cell" data-label={columns.assignee}>
        <AssigneeLabel assigneeId={task.assignee} members={members} />
      </div>
      <div role="cell" className="task-table__cell" data-label={columns.deadline}>
        <DueDate task={task} show="day" empty={t.table.noDeadline} />
      </div>
      <div role="cell" className="task-table__cell" data-label={columns.estimate}>
        {task.estimatedMinutes !== null && t.table.minutes(task.estimatedMinutes)}
      </div>
      <TaskRowEdit
        task={task}
        editing={editing}
        onEdit={onEdit}
        onSave={onSave}
        className="task-table__cell task-table__cell--actions"
      />
    </>
  );
});
