import { useCallback } from 'react';
import { Link, useParams } from 'wouter';
import { taskPath } from '../../../app/task-panel-location.tsx';
import { canGoBack, useNavigate } from '../../../lib/navigation.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { TaskDetail } from './task-detail.tsx';

/** `/tasks/{id}` as a page of its own: on a phone, and for an address opened directly or shared. */
export function TaskPage() {
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const renamed = useCallback((newId: string) => navigate(taskPath(newId), { replace: true }), [navigate]);
  return (
    <TaskDetail
      taskId={id}
      titleLevel={1}
      onRenamed={renamed}
      actions={
        <>
          {/* With nothing of the app's to go back to (a shared address), 'Retour' leads to the tasks. */}
          <button
            type="button"
            className="button"
            onClick={() => void (canGoBack() ? navigate(-1) : navigate('/tasks'))}
          >
            {taskPage.back}
          </button>
          <Link className="button" to="/tasks">
            {taskPage.allTasks}
          </Link>
        </>
      }
    />
  );
}
