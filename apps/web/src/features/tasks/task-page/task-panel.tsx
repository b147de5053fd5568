import { useCallback, useEffect, useRef } from 'react';
import { followOpenedTask, taskPath, type OpenTaskPanel } from '../../../app/task-panel-location.tsx';
import { useCloseOnEscape } from '../../../lib/escape-layers.ts';
import { entryIndex, useNavigate } from '../../../lib/navigation.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { TaskDetail } from './task-detail.tsx';

/**
 * A desk's task panel, beside the screen it was opened from (which stays as it was underneath). 'Fermer'
 * or Esc closes it and gives the keyboard back to what opened it.
 */
export function TaskPanel({ panel }: { panel: OpenTaskPanel }) {
  const navigate = useNavigate();
  const panelRef = useRef<HTMLElement>(null);
  const close = useCallback(() => {
    // Opened from the screen underneath just before: going back leaves the history as it was.
    if (entryIndex() === panel.underEntry + 1) window.history.back();
    else navigate(panel.under.search ? `${panel.under.path}?${panel.under.search}` : panel.under.path);
  }, [panel, navigate]);
  useCloseOnEscape(true, close);

  useEffect(() => {
    panelRef.current?.focus();
  }, [panel.taskId]);
  useEffect(
    () => () => {
      // A change made in the panel may have drawn the card again elsewhere (another column): then the
      // keyboard goes to the task's link where it is now.
      const opener = panel.opener?.isConnected
        ? panel.opener
        : document.querySelector<HTMLElement>(`a[href$="${taskPath(panel.taskId)}"]`);
      opener?.focus();
    },
    [panel.opener, panel.taskId],
  );

  const renamed = useCallback(
    (id: string) => {
      followOpenedTask(panel.taskId, id);
      navigate(taskPath(id), { replace: true });
    },
    [panel.taskId, navigate],
  );

  return (
    <aside ref={panelRef} className="task-panel" tabIndex={-1} aria-label={taskPage.panelRegion}>
      <TaskDetail
        taskId={panel.taskId}
        titleLevel={2}
        onRenamed={renamed}
        actions={
          <button type="button" className="button" onClick={close}>
            {taskPage.close}
          </button>
        }
      />
    </aside>
  );
}
