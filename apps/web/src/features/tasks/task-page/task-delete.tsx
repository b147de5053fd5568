import type { Task } from '@jalon/contract';
import Trash from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { taskPage } from '../../../locales/fr/task-page.ts';
import { useTaskWrites } from '../api/task-writes.ts';

const t = taskPage.remove;

interface TaskDeleteProps {
  task: Task;
  /** How many sub-tasks go with it: the question names them ('Supprimer aussi les 3 sous-tâches ?'). */
  subTasks: number;
  onFailure: (message: string) => void;
}

/** 'Supprimer la tâche', for whoever may (`permissions.canDelete`), after a question. */
export function TaskDelete({ task, subTasks, onFailure }: TaskDeleteProps) {
  const writes = useTaskWrites();
  const [confirming, setConfirming] = useState(false);
  if (!task.permissions.canDelete) return null;
  return (
    <>
      <button type="button" className="button" onClick={() => setConfirming(true)}>
        <Trash aria-hidden="true" focusable="false" size={16} />
        {t.open}
      </button>
      {confirming && (
        <ConfirmDialog
          title={subTasks > 0 ? t.withSubTasks(subTasks) : t.title}
          message={t.message(subTasks)}
          confirmLabel={t.confirm}
          cancelLabel={t.cancel}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            writes.remove(task).catch((error: unknown) => onFailure(t.failed(errorMessage(error))));
          }}
        />
      )}
    </>
  );
}
