import { DASHBOARD } from '@jalon/contract/plain';
import type { Task } from '@jalon/contract';
import { memo, useId, type Ref } from 'react';
import { formatDay } from '../../../lib/dates.ts';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { TaskLink } from '../../tasks/index.ts';

const t = dashboard.recentTasks;

interface RecentTasksProps {
  tasks: readonly Task[];
  focused: boolean;
  onClearFocus: () => void;
  /** The section 'Focus' scrolls to. */
  ref?: Ref<HTMLElement>;
}

/** 'Tâches récentes': the latest 10 by creation date, 15 when a project is focused. */
export const RecentTasks = memo(function RecentTasks({
  tasks,
  focused,
  onClearFocus,
  ref,
}: RecentTasksProps) {
  const headingId = useId();
  const limit = focused ? DASHBOARD.recentTasksFocused : DASHBOARD.recentTasks;
  return (
    <section
      ref={ref}
      className="dash-panel"
      aria-labelledby={headingId}
      tabIndex={-1}
      id="dashboard-recent-tasks"
    >
      <div className="dash-panel__head">
        <h2 id={headingId}>{t.title}</h2>
        {focused && (
          <button type="button" className="button" onClick={onClearFocus}>
            {t.clearFocus}
          </button>
        )}
      </div>
      {tasks.length === 0 ? (
        <p className="empty-text">{t.empty}</p>
      ) : (
        <ul className="dash-tasks">
          {tasks.slice(0, limit).map((task) => (
            <li key={task.id} className="dash-task">
              <span className={`dash-badge dash-badge--priority-${task.priority}`}>
                <span className="visually-hidden">{t.priorityPrefix}</span>
                {t.priority[task.priority]}
              </span>
              <div className="dash-task__body">
                <p className="dash-task__title">
                  <TaskLink taskId={task.id}>{task.title}</TaskLink>
                </p>
                {task.description !== '' && <p className="dash-task__description">{task.description}</p>}
                <p className="dash-task__meta">
                  <time dateTime={task.createdAt}>{formatDay(task.createdAt)}</time>
                </p>
              </div>
              <span className={`dash-status dash-status--task-${task.status}`}>{t.status[task.status]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
