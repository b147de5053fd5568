import type { Project, UpdateProject } from '@jalon/contract';
import { useId, useState, type FormEvent } from 'react';
import { cancelOnEscape, SaveCancel } from '../../../components/ui/save-cancel.tsx';
import { DayField } from '../../../components/ui/day-field.tsx';
import { dayFieldError, endOfDayIso, localDayKey } from '../../../lib/dates.ts';
import { fr } from '../../../locales/fr/index.ts';

const t = fr.projects.detail.edit;

interface ProjectEditFormProps {
  project: Project;
  onSave: (patch: UpdateProject) => void;
  onCancel: () => void;
}

/**
 * A project's name, description and deadline, edited where the project is shown. Only what changed is
 * sent, so that an edit made elsewhere meanwhile to another field stands (the outbox's merge rule).
 */
export function ProjectEditForm({ project, onSave, onCancel }: ProjectEditFormProps) {
  const id = useId();
  const initialDeadline = project.deadline ? localDayKey(new Date(project.deadline)) : '';
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const [deadline, setDeadline] = useState(initialDeadline);
  const blank = name.trim() === '';
  // A day outside the years the server takes is said under the field, never saved as another day.
  const deadlineError = dayFieldError(deadline);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || deadlineError !== null) return;
    const patch: UpdateProject = {
      ...(name.trim() !== project.name ? { name: name.trim() } : {}),
      ...(description.trim() !== project.description ? { description: description.trim() } : {}),
      ...(deadline !== initialDeadline ? { deadline: deadline ? endOfDayIso(deadline) : null } : {}),
    };
    if (Object.keys(patch).length === 0) onCancel();
    else onSave(patch);
  };

  return (
    <form
      className="form panel project-edit"
      aria-label={t.open}
      onSubmit={submit}
      onKeyDown={cancelOnEscape(onCancel)}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t.name}</label>
        <input
          id={`${id}-name`}
          className="input"
          maxLength={200}
          autoFocus
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>{t.description}</label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={3}
          maxLength={5000}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <DayField id={`${id}-deadline`} label={t.deadline} value={deadline} onChange={setDeadline} error={deadlineError} />
      <SaveCancel save={t.save} cancel={t.cancel} disabled={blank || deadlineError !== null} onCancel={onCancel} />
    </form>
  );
}
