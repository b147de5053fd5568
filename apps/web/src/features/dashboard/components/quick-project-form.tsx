import { useMutation } from '@tanstack/react-query';
import { useState, useId, type FormEvent } from 'react';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { useProjectWrites } from '../../projects/api/project-writes.ts';
import { projectDraft, quickCreateError, todayInputValue } from '../quick-create-rules.ts';
import { QuickCreateSubmit } from './quick-create-submit.tsx';

const t = dashboard.quickCreate;

export function QuickProjectForm({ onCreated }: { onCreated: () => void }) {
  const writes = useProjectWrites();
  const ids = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [deadline, setDeadline] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: writes.create,
    onSuccess: () => {
      setName('');
      setDescription('');
      setDeadline('');
      onCreated();
    },
    onError: (failure) => setError(quickCreateError(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = projectDraft({ name, description, deadline }, new Date());
    if (!draft.ok) {
      setError(draft.error);
      return;
    }
    setError(null);
    mutation.mutate(draft.value);
  };

  return (
    <form className="form dash-create__form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${ids}-name`}>{t.name}</label>
        <input id={`${ids}-name`} className="input" value={name} onChange={(event) => setName(event.target.value)} aria-required="true" />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>{t.description}</label>
        <textarea
          id={`${ids}-description`}
          className="input"
          rows={2}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-deadline`}>{t.deadline}</label>
        <input
          id={`${ids}-deadline`}
          className="input"
          type="date"
          min={todayInputValue(new Date())}
          value={deadline}
          aria-describedby={`${ids}-deadline-hint`}
          onChange={(event) => setDeadline(event.target.value)}
        />
        <p className="field__hint" id={`${ids}-deadline-hint`}>
          {t.deadlineHint}
        </p>
      </div>
      <QuickCreateSubmit error={error} pending={mutation.isPending} />
    </form>
  );
}
