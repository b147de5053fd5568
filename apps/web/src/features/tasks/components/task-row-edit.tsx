import type { Task } from '@jalon/contract';
import Pencil from 'lucide-react/icons/pencil';
import { fr } from '../../../locales/fr/index.ts';
import { TaskEditForm, type TaskEditPatch } from './task-edit-form.tsx';
import { useEditorFocus } from '../../../lib/use-editor-focus.ts';

interface TaskRowEditProps {
  task: Task;
  editing: boolean;
  onEdit: (id: string | null) => void;
  onSave: (task: Task, patch: TaskEditPatch) => void;
  /** The class of the cell that holds 'Modifier' (a desk's row and a phone's place it apart). */
  className: string;
}

/**
 * A row's 'Modifier' and the inline editor it opens under the row, the same on a desk and on a phone;
 * closing the editor puts the keyboard back on 'Modifier'.
 */
export function TaskRowEdit({ task, editing, onEdit, onSave, className }: TaskRowEditProps) {
  const { editButton, close } = useEditorFocus(editing, onEdit);
  return (
    <>
      <div role="cell" className={className}>
        <button
          ref={editButton}
          type="button"
          className="button button--small button--icon"
          aria-label={fr.tasks.edit.open}
          title={fr.tasks.edit.open}
          aria-expanded={editing}
          onClick={() => onEdit(editing ? null : task.id)}
        >
          <Pencil aria-hidden="true" focusable="false" size={16} />
        </button>
      </div>
      {editing && (
        <div role="cell" className="task-table__editor">
          <TaskEditForm
            task={task}
            onCancel={() => close()}
            onSave={(patch) => close(() => onSave(task, patch))}
          />
        </div>
      )}
    </>
  );
}
