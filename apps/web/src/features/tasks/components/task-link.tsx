import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { rememberTaskOpener, taskPath } from '../../../app/task-panel-location.tsx';

interface TaskLinkProps {
  taskId: string;
  className?: string;
  /** The accessible name when the visible text alone would not say which task. */
  'aria-label'?: string;
  /** Something more to do as it opens the task (an inbox entry is marked read). */
  onOpen?: () => void;
  children: ReactNode;
}

/** A link to a task's page; on a desk the screen it is in stays under the task's panel. */
export function TaskLink({ taskId, className, children, onOpen, 'aria-label': ariaLabel }: TaskLinkProps) {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <Link
      to={taskPath(taskId)}
      className={className}
      aria-label={ariaLabel}
      onClick={() => {
        rememberTaskOpener(taskId, { path, search });
        onOpen?.();
      }}
    >
      {children}
    </Link>
  );
}
