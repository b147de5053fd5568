import type { Task } from '@jalon/contract';
import { useId, useState, type FormEvent } from 'react';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.tasks.edit;

interface TaskEditFormProps {
  task: Task;
  onSave: (patch: { title: string; description: string }) => void;
  onCancel: () => void;
}

/** Inline edit of a task; 'Sauver' stays disabled while the title is blank, Escape cancels. */
export function TaskEditForm({ task, onSave, onCancel }: TaskEditFormProps) {
  const id = useId();
  const [title, setTitle] = useState(task.title);
  const [description, setDescription] = useState(task.description);
  const blank = title.trim() === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!blank) onSave({ title: title.trim(), description: description.trim() });
  };

  return (
    <form
      className="task-edit"
      aria-label={t.open}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        }
      }}
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
      <div className="inline-actions">
        <button type="submit" className="button button--primary" disabled={blank}>
          {t.save}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
