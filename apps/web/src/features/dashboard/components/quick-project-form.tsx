import { PROJECT_LIMITS } from '@jalon/contract/plain';
import { useId, useState, type FormEvent } from 'react';
import { DayField } from '../../../components/ui/day-field.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { useCreateOnce } from '../../../lib/use-create-once.ts';
import { useProjectWrites } from '../../projects/index.ts';
import { projectDraft, quickCreateError, todayInputValue } from '../quick-create-rules.ts';
import { QuickCreateSubmit } from './quick-create-submit.tsx';

const t = dashboard.quickCreate;

export function QuickProjectForm({ onCreated }: { onCreated: () => void }) {
  const writes = useProjectWrites();
  const ids = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [deadline, setDeadline] = useState('');
  const [error, setError] = useState<{ message: string; field?: 'deadline' } | null>(null);
  const create = useCreateOnce(writes.create);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = projectDraft({ name, description, deadline }, new Date());
    if (!draft.ok) {
      setError({ message: draft.error, field: draft.field });
      return;
    }
    setError(null);
    create.submit(draft.value, {
      onSuccess: () => {
        setName('');
        setDescription('');
        setDeadline('');
        onCreated();
      },
      onError: (failure) => setError({ message: quickCreateError(failure) }),
    });
  };

  return (
    <form className="form dash-create__form" onSubmit={submit} noValidate>
      <Field id={`${ids}-name`} label={t.name} required>
        {(control) => (
          <input
            {...control}
            className="input"
            maxLength={PROJECT_LIMITS.nameMax}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <Field id={`${ids}-description`} label={t.description}>
        {(control) => (
          <textarea
            {...control}
            className="input"
            rows={2}
            maxLength={PROJECT_LIMITS.descriptionMax}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <DayField
        id={`${ids}-deadline`}
        label={t.deadline}
        min={todayInputValue(new Date())}
        value={deadline}
        onChange={setDeadline}
        hint={t.deadlineHint}
        error={error?.field === 'deadline' ? error.message : null}
      />
      <QuickCreateSubmit
        error={error?.field === undefined ? (error?.message ?? null) : null}
        pending={create.isPending}
      />
    </form>
  );
}
