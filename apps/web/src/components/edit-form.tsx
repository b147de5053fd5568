import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { dayFieldError, endOfDayIso, localDayKey } from '../lib/dates.ts';
import { DayField } from './ui/day-field.tsx';
import { Field } from './ui/field.tsx';
import { cancelOnEscape, SaveCancel } from './ui/save-cancel.tsx';

/** What a project or a task has that its inline edit changes in the same way. */
interface Editable {
  name: string;
  description: string;
  /** ISO date-time, or null for none. */
  deadline: string | null;
}

/** The name, description and deadline being edited, and what of them is saved. */
export function useEditDraft(initial: Editable) {
  const initialDeadline = initial.deadline ? localDayKey(new Date(initial.deadline)) : '';
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [deadline, setDeadline] = useState(initialDeadline);
  // A day outside the years the server takes is said under the field, never saved as another day.
  const deadlineError = dayFieldError(deadline);
  return {
    name,
    setName,
    description,
    setDescription,
    deadline,
    setDeadline,
    deadlineError,
    /** 'Sauver' stays off while the name is blank or the deadline is a day the server refuses. */
    savable: name.trim() !== '' && deadlineError === null,
    /** The end of the chosen day (or none), only when it was changed: saving a name never moves a deadline set elsewhere. */
    deadlinePatch: (): { deadline?: string | null } =>
      deadline !== initialDeadline ? { deadline: deadline ? endOfDayIso(deadline) : null } : {},
  };
}

export type EditDraft = ReturnType<typeof useEditDraft>;

interface EditFormProps {
  draft: EditDraft;
  words: { open: string; name: string; description: string; deadline: string; save: string; cancel: string };
  limits: { nameMax: number; descriptionMax: number };
  descriptionRows: number;
  className: string;
  /** Called only when the draft can be saved. */
  onSave: () => void;
  onCancel: () => void;
  /** The fields only this kind of thing has, after the deadline. */
  children?: ReactNode;
  /** Draws the description's field when this kind of thing has its own (a task's is Markdown with a preview). */
  descriptionField?: (field: DescriptionFieldProps) => ReactNode;
}

/** What a description's field is given: the same id, label, value and limit as the plain one. */
export interface DescriptionFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  maxLength: number;
}

/** An inline edit of a name, a description and a deadline (and more, as children); Escape cancels. */
export function EditForm({
  draft,
  words,
  limits,
  descriptionRows,
  className,
  onSave,
  onCancel,
  children,
  descriptionField,
}: EditFormProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.savable) onSave();
  };
  return (
    <form
      className={className}
      aria-label={words.open}
      onSubmit={submit}
      onKeyDown={cancelOnEscape(onCancel)}
    >
      <Field id={`${id}-name`} label={words.name}>
        {(control) => (
          <input
            {...control}
            className="input"
            maxLength={limits.nameMax}
            autoFocus
            value={draft.name}
            onChange={(event) => draft.setName(event.target.value)}
          />
        )}
      </Field>
      {descriptionField ? (
        descriptionField({
          id: `${id}-description`,
          label: words.description,
          value: draft.description,
          onChange: draft.setDescription,
          rows: descriptionRows,
          maxLength: limits.descriptionMax,
        })
      ) : (
        <Field id={`${id}-description`} label={words.description}>
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={descriptionRows}
              maxLength={limits.descriptionMax}
              value={draft.description}
              onChange={(event) => draft.setDescription(event.target.value)}
            />
          )}
        </Field>
      )}
      <DayField
        id={`${id}-deadline`}
        label={words.deadline}
        value={draft.deadline}
        onChange={draft.setDeadline}
        error={draft.deadlineError}
      />
      {children}
      <SaveCancel save={words.save} cancel={words.cancel} disabled={!draft.savable} onCancel={onCancel} />
    </form>
  );
}
