import type { Task } from '@jalon/contract';
import { TASK_LIMITS } from '@jalon/contract/plain';
import { useId, useState } from 'react';
import { EditForm, useEditDraft } from '../../../components/edit-form.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { fr } from '../../../locales/fr/index.ts';
import { LabelPicker } from '../../labels/index.ts';
import { AssigneePicker } from '../../members/index.ts';
import { MarkdownField } from '../task-page/markdown-field.tsx';

const t = fr.tasks.edit;

/**
 * What the inline edit changes: texts trimmed; the deadline (end of the chosen day, or none) and the
 * estimate only when they were changed, so saving a title never moves a deadline set elsewhere.
 */
export interface TaskEditPatch {
  title: string;
  description: string;
  deadline?: string | null;
  estimatedMinutes?: number | null;
  assignee?: string | null;
  labels?: string[];
}

interface TaskEditFormProps {
  task: Task;
  onSave: (patch: TaskEditPatch) => void;
  onCancel: () => void;
}

const words = { ...t, name: t.title };
const limits = { nameMax: TASK_LIMITS.titleMax, descriptionMax: TASK_LIMITS.descriptionMax };

/** Inline edit of a task: its title, description and deadline as a project's, then estimate, assignee and labels. */
export function TaskEditForm({ task, onSave, onCancel }: TaskEditFormProps) {
  const id = useId();
  const draft = useEditDraft({ name: task.title, description: task.description, deadline: task.deadline });
  const initialEstimate = task.estimatedMinutes === null ? '' : String(task.estimatedMinutes);
  const [estimate, setEstimate] = useState(initialEstimate);
  const [assignee, setAssignee] = useState(task.assignee);
  const [labels, setLabels] = useState<string[]>(task.labels);

  const save = () => {
    const minutes = Number.parseInt(estimate, 10);
    onSave({
      title: draft.name.trim(),
      description: draft.description.trim(),
      ...draft.deadlinePatch(),
      ...(estimate !== initialEstimate
        ? { estimatedMinutes: Number.isNaN(minutes) ? null : Math.max(0, minutes) }
        : {}),
      ...(assignee !== task.assignee ? { assignee } : {}),
      ...(labels.join() !== task.labels.join() ? { labels } : {}),
    });
  };

  return (
    <EditForm
      draft={draft}
      words={words}
      limits={limits}
      descriptionRows={2}
      className="task-edit"
      onSave={save}
      onCancel={onCancel}
      descriptionField={(field) => <MarkdownField {...field} />}
    >
      <Field id={`${id}-estimate`} label={t.estimate}>
        {(control) => (
          <input
            {...control}
            className="input"
            type="number"
            min={0}
            max={TASK_LIMITS.estimatedMinutesMax}
            inputMode="numeric"
            value={estimate}
            onChange={(event) => setEstimate(event.target.value)}
          />
        )}
      </Field>
      <AssigneePicker id={`${id}-assignee`} value={assignee} onChange={setAssignee} />
      <LabelPicker id={`${id}-labels`} value={labels} onChange={setLabels} />
    </EditForm>
  );
}
