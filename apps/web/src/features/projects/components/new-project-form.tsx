import type { CreateProject } from '@jalon/contract';
import { PROJECT_LIMITS } from '@jalon/contract/plain';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { DayField } from '../../../components/ui/day-field.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { dayFieldError, endOfDayIso } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { ignoreRepeatClick, useCreateOnce } from '../../../lib/use-create-once.ts';
import { useProjectWrites } from '../api/project-writes.ts';

const t = fr.projects.create;

interface NewProjectFormProps {
  /** With the new project's id (`tmp-…` until the server has it) and what was sent. */
  onCreated: (id: string, project: CreateProject) => void;
  onCancel: () => void;
}

/**
 * Name, description and deadline are all required; the day picked is sent as its end, and a day
 * outside the years the server accepts is refused under its field.
 */
export function NewProjectForm({ onCreated, onCancel }: NewProjectFormProps) {
  const writes = useProjectWrites();
  const create = useCreateOnce(writes.create);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [deadline, setDeadline] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const deadlineIso = endOfDayIso(deadline);
    if (name.trim() === '' || description.trim() === '' || deadlineIso === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const project = { name: name.trim(), description: description.trim(), deadline: deadlineIso };
    create.submit(project, { onSuccess: (id) => onCreated(id, project) });
  };

  const missing = (value: string) => invalid && value.trim() === '';
  const deadlineError = dayFieldError(deadline);

  return (
    <form className="form panel" aria-labelledby="new-project-title" onSubmit={submit} noValidate>
      <h2 id="new-project-title">{t.title}</h2>
      {invalid && [name, description, deadline].some((value) => value.trim() === '') && (
        <Alert tone="error">{t.required}</Alert>
      )}
      {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      <Field id="new-project-name" label={t.name} required invalid={missing(name)}>
        {(control) => (
          <input
            {...control}
            className="input"
            autoFocus
            maxLength={PROJECT_LIMITS.nameMax}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field id="new-project-description" label={t.description} required invalid={missing(description)}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={3}
            maxLength={PROJECT_LIMITS.descriptionMax}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <DayField
        id="new-project-deadline"
        label={t.deadline}
        required
        value={deadline}
        onChange={setDeadline}
        error={deadlineError}
        missing={missing(deadline)}
      />
      <div className="form__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t.cancel}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={create.isPending}
          onClick={ignoreRepeatClick}
        >
          {create.isPending ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}
