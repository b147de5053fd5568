import type { Task } from '@jalon/contract';
import { useId, useState, type FormEvent } from 'react';
import { cancelOnEscape, SaveCancel } from '../../../components/ui/save-cancel.tsx';
import { DayField } from '../../../components/ui/day-field.tsx';
import { dayFieldError, endOfDayIso, localDayKey } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';
import { AssigneePicker } from '../../members/index.ts';

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
}

interface TaskEditFormProps {
  task: Task;
  onSave: (patch: TaskEditPatch) => void;
  onCancel: () => void;
}

/**
 * Inline edit of a task; 'Sauver' stays disabled while the title is blank or the deadline is a day the
 * server refuses (said under the field, never saved as another day); Escape cancels.
 */
export function TaskEditForm({ task, onSave, onCancel }: TaskEditFormProps) {
  const id = useId();
  const [title, setTitle] = useState(task.title);
  const [description, setDescription] = useState(task.description);
  const initialDeadline = task.deadline ? localDayKey(new Date(task.deadline)) : '';
  const initialEstimate = task.estimatedMinutes === null ? '' : String(task.estimatedMinutes);
  const [deadline, setDeadline] = useState(initialDeadline);
  const [estimate, setEstimate] = useState(initialEstimate);
  const [assignee, setAssignee] = useState(task.assignee);
  const blank = title.trim() === '';
  const deadlineError = dayFieldError(deadline);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || deadlineError !== null) return;
    const minutes = Number.parseInt(estimate, 10);
    onSave({
      title: title.trim(),
      description: description.trim(),
      ...(deadline !== initialDeadline ? { deadline: deadline ? endOfDayIso(deadline) : null } : {}),
      ...(estimate !== initialEstimate ? { estimatedMinutes: Number.isNaN(minutes) ? null : Math.max(0, minutes) } : {}),
      ...(assignee !== task.assignee ? { assignee } : {}),
    });
  };

  return (
    <form
      className="task-edit"
      aria-label={t.open}
      onSubmit={submit}
      onKeyDown={cancelOnEscape(onCancel)}
    >
      <div className="field">
        <label htmlFor={`${id}-title`}>{t.title}</label>
        <input
          id={`${id}-title`}
          className="input"
          maxLength={300}
          autoFocus
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t.description}</label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <DayField id={`${id}-deadline`} label={t.deadline} value={deadline} onChange={setDeadline} error={deadlineError} />
      <div className="field">
        <label htmlFor={`${id}-estimate`}>{t.estimate}</label>
        <input
          id={`${id}-estimate`}
          className="input"
          type="number"
          min={0}
          max={100000}
          inputMode="numeric"
          value={estimate}
          onChange={(event) => setEstimate(event.target.value)}
        />
      </div>
      <AssigneePicker id={`${id}-assignee`} value={assignee} onChange={setAssignee} />
      <SaveCancel save={t.save} cancel={t.cancel} disabled={blank || deadlineError !== null} onCancel={onCancel} />
    </form>
  );
}
