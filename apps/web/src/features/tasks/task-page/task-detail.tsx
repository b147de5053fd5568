import type { Task, TaskPriority, TaskStatus, UpdateTask } from '@jalon/contract';
import { isTmpId, TASK_PRIORITIES } from '@jalon/contract/plain';
import Pencil from 'lucide-react/icons/pencil';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LiveBadge } from '../../../live/live-badge.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { followCreatedId } from '../../../offline/created-id.ts';
import { useWork } from '../../../offline/work-context.tsx';
import '../../../styles/work.css';
import '../../../styles/task-page.css';
import { LabelPicker } from '../../labels/index.ts';
import { AssigneeLabel, useMembers } from '../../members/index.ts';
import { WatchButton } from '../../notifications/index.ts';
import { PendingBadge } from '../../offline/index.ts';
import { useTaskWrites } from '../api/task-writes.ts';
import { DueDate } from '../components/due-date.tsx';
import { InlineSelect } from '../components/inline-select.tsx';
import { TaskEditForm, type TaskEditPatch } from '../components/task-edit-form.tsx';
import { PriorityIcon, StatusIcon } from '../components/task-icons.tsx';
import { TaskLink } from '../components/task-link.tsx';
import { subTasksOf } from '../task-family.ts';
import { KANBAN_COLUMNS } from '../task-views.ts';
import { MarkdownView } from './markdown-view.tsx';
import { DeletedTask } from './deleted-task.tsx';
import { TaskAttachments } from './task-attachments.tsx';
import { TaskComments } from './task-comments.tsx';
import { TaskDelete } from './task-delete.tsx';
import { TaskHistory } from './task-history.tsx';
import { TaskSubTasks } from './task-sub-tasks.tsx';

const t = taskPage;
const tasksText = fr.tasks;
const STATUS_OPTIONS = KANBAN_COLUMNS.map((value) => ({ value, label: tasksText.statusLabel(value) }));
const PRIORITY_OPTIONS = [...TASK_PRIORITIES]
  .reverse()
  .map((value) => ({ value, label: tasksText.priorityLabels[value] }));

interface TaskDetailProps {
  taskId: string;
  /** The panel's task title is an h2 under the screen's h1; the page's is the h1. */
  titleLevel: 1 | 2;
  /** 'Fermer' in the panel, 'Retour' on the page. */
  actions: ReactNode;
  /** A task made offline takes its server id once sent: the address follows it. */
  onRenamed: (id: string) => void;
}

/**
 * A task on its own, read from the device's copy (so it opens offline, and a `tmp-` task before it is
 * sent): every field changed through the outbox like the inline edits, with the same badges, its
 * description as Markdown, and its history.
 */
export function TaskDetail({ taskId, titleLevel, actions, onRenamed }: TaskDetailProps) {
  const work = useWork();
  const members = useMembers().data;
  const writes = useTaskWrites();
  const [editing, setEditing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const currentId = followCreatedId(taskId, work.tasks);
  const task = work.tasks.find((candidate) => candidate.id === currentId);
  // The task as last shown: when it goes (deleted here or elsewhere), the page can offer it back.
  const [shown, setShown] = useState<Task | null>(null);
  if (task && task !== shown) setShown(task);
  const projects = work.projects;
  const names = useMemo(() => ({ members, projects }), [members, projects]);

  useEffect(() => {
    if (currentId !== taskId) onRenamed(currentId);
  }, [currentId, taskId, onRenamed]);

  const Title = titleLevel === 1 ? 'h1' : 'h2';
  if (!task && shown?.id === currentId) {
    return (
      <DeletedTask
        task={shown}
        title={<Title className="task-detail__title">{t.notFound}</Title>}
        actions={actions}
      />
    );
  }
  if (!task) {
    return (
      <div className="task-detail">
        <div className="task-detail__head">
          {work.ready ? (
            <Title className="task-detail__title">{t.notFound}</Title>
          ) : (
            <Spinner label={t.loading} />
          )}
          <div className="inline-actions">{actions}</div>
        </div>
      </div>
    );
  }

  const change = (patch: UpdateTask) => {
    setFailure(null);
    writes
      .update(task, patch)
      .catch((error: unknown) => setFailure(tasksText.updateFailed(errorMessage(error))));
  };
  const title = task.title || tasksText.untitled;
  return (
    <article className="task-detail" aria-label={t.panelLabel(title)}>
      <div className="task-detail__head">
        <Title className="task-detail__title">{title}</Title>
        <div className="inline-actions">
          <button
            type="button"
            className="button"
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            <Pencil aria-hidden="true" focusable="false" size={16} />
            {tasksText.edit.open}
          </button>
          <TaskDelete
            task={task}
            subTasks={task.parent === null ? subTasksOf(work.tasks, task.id).length : 0}
            onFailure={setFailure}
          />
          {/* A task not sent yet has no watchers on the server. */}
          {!isTmpId(task.id) && <WatchButton taskId={task.id} />}
          {actions}
        </div>
      </div>
      <div className="task-detail__badges">
        <PendingBadge state={work.pending.get(task.id)} />
        <LiveBadge taskId={task.id} />
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      <ParentLink task={task} tasks={work.tasks} />
      <TaskFields task={task} projects={projects} members={members} onChange={change} />
      {/* While 'Modifier' is open, its form has the labels' picker. */}
      {!editing && (
        <LabelPicker
          id={`task-labels-${task.id}`}
          value={task.labels}
          onChange={(labels) => change({ labels })}
        />
      )}
      {editing ? (
        <TaskEditForm
          task={task}
          onCancel={() => setEditing(false)}
          onSave={(patch: TaskEditPatch) => {
            setEditing(false);
            change(patch);
          }}
        />
      ) : (
        <TaskDescription description={task.description} level={titleLevel + 1} />
      )}
      {task.parent === null && <TaskSubTasks task={task} level={titleLevel + 1} />}
      <TaskAttachments taskId={task.id} level={titleLevel + 1} />
      <TaskComments taskId={task.id} level={titleLevel + 1} />
      <TaskHistory
        taskId={task.id}
        version={task.version}
        comments={work.comments.reduce(
          (count, comment) => count + (comment.taskId === task.id && !isTmpId(comment.id) ? 1 : 0),
          0,
        )}
        names={names}
        level={titleLevel + 1}
      />
    </article>
  );
}

/** A sub-task's way back to its parent. */
function ParentLink({ task, tasks }: { task: Task; tasks: readonly Task[] }) {
  if (task.parent === null) return null;
  const parent = tasks.find((candidate) => candidate.id === followCreatedId(task.parent ?? '', tasks));
  if (!parent) return null;
  return (
    <p className="task-detail__parent">
      {t.subTasks.parentOf} <TaskLink taskId={parent.id}>{parent.title || tasksText.untitled}</TaskLink>
    </p>
  );
}

interface TaskFieldsProps {
  task: Task;
  projects: readonly { id: string; name: string }[];
  members: ReturnType<typeof useMembers>['data'];
  onChange: (patch: UpdateTask) => void;
}

/** Status, priority and project change at once, as in the list; the rest through 'Modifier'. */
function TaskFields({ task, projects, members, onChange }: TaskFieldsProps) {
  const title = task.title || tasksText.untitled;
  const columns = tasksText.table.columns;
  return (
    <dl className="task-detail__fields" aria-label={t.fields}>
      <div>
        <dt>{columns.status}</dt>
        <dd>
          <InlineSelect<TaskStatus>
            label={tasksText.table.statusOf(title)}
            value={task.status}
            options={STATUS_OPTIONS}
            icon={<StatusIcon status={task.status} />}
            onChange={(status) => onChange({ status })}
          />
        </dd>
      </div>
      <div>
        <dt>{columns.priority}</dt>
        <dd>
          <InlineSelect<TaskPriority>
            label={tasksText.table.priorityOf(title)}
            value={task.priority}
            options={PRIORITY_OPTIONS}
            icon={<PriorityIcon priority={task.priority} />}
            onChange={(priority) => onChange({ priority })}
          />
        </dd>
      </div>
      <div>
        <dt>{t.project}</dt>
        <dd>
          <select
            className="input input--small"
            aria-label={t.projectOf(title)}
            value={task.project}
            onChange={(event) => onChange({ project: event.target.value })}
          >
            {/* A project this device does not list (deleted meanwhile) stays named by its id, not changed silently. */}
            {!projects.some((project) => project.id === task.project) && (
              <option value={task.project}>{task.project}</option>
            )}
            {projects.map((project) => (
              <option key={project.id} value={project.id}>
                {project.name}
              </option>
            ))}
          </select>
        </dd>
      </div>
      <div>
        <dt>{columns.assignee}</dt>
        <dd>
          <AssigneeLabel assigneeId={task.assignee} members={members} />
        </dd>
      </div>
      <div>
        <dt>{columns.deadline}</dt>
        <dd>
          <DueDate task={task} show="day" empty={tasksText.table.noDeadline} />
        </dd>
      </div>
      <div>
        <dt>{t.estimate}</dt>
        <dd>
          {task.estimatedMinutes === null ? t.noEstimate : tasksText.table.minutes(task.estimatedMinutes)}
        </dd>
      </div>
    </dl>
  );
}

function TaskDescription({ description, level }: { description: string; level: number }) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="task-detail__description" aria-labelledby={headingId}>
      <Heading id={headingId}>{t.description}</Heading>
      {description.trim() === '' ? (
        <p className="empty-text">{t.noDescription}</p>
      ) : (
        <MarkdownView source={description} />
      )}
    </section>
  );
}
