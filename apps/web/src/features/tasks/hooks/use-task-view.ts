import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { isTaskView, type TaskView } from '../task-views.ts';

/** The view in the address (`?view=`, the list by default), switched by the buttons (and by keys 1, 2 and 3, which press them). */
export function useTaskView(): [TaskView, (view: TaskView) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('view');
  const view: TaskView = isTaskView(requested) ? requested : 'list';
  const setView = useCallback(
    (next: TaskView) =>
      setSearchParams(
        (params) => {
          params.set('view', next);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [view, setView];
}
