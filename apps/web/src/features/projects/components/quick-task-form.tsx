import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { ignoreRepeatClick, useCreateOnce } from '../../../lib/use-create-once.ts';
import { useTaskWrites } from '../../tasks/index.ts';

const t = fr.projects.detail.quickTask;

/** SPEC §5: a non-blank trimmed title is all it takes; the description repeats it. */
export function QuickTaskForm({ projectId }: { projectId: string }) {
  const writes = useTaskWrites();
  const create = useCreateOnce((title: string, id: string) => writes.create({ title, project: projectId, description: title }, id));
  const [title, setTitle] = useState('');
  const [added, setAdded] = useState('');
  const trimmed = title.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (trimmed === '') return;
    create.submit(trimmed, {
      onSuccess: () => {
        setTitle('');
        setAdded(t.added(trimmed));
      },
    });
  };

  return (
    <form className="form form--row" aria-labelledby="quick-task-title" onSubmit={submit}>
      <h2 id="quick-task-title" className="section-title">
        {t.title}
      </h2>
      {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      <div className="inline-actions">
        <div className="field toolbar__grow">
          <label htmlFor="quick-task-input">{t.label}</label>
          <input
            id="quick-task-input"
            className="input"
            maxLength={300}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className="button button--primary align-end"
          disabled={trimmed === '' || create.isPending}
          onClick={ignoreRepeatClick}
        >
          {create.isPending ? t.submitting : t.submit}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {added}
      </p>
    </form>
  );
}
