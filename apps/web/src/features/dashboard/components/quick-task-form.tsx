import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { createTask } from '../api/create-task.ts';
import { taskFormProjectsQueryOptions } from '../api/list-projects.ts';
import { quickCreateError, taskDraft } from '../quick-create-rules.ts';
import { QuickCreateSubmit } from './quick-create-submit.tsx';

const t = dashboard.quickCreate;

/** Mounted when the 'Tâche' tab is opened, which is when its project list is first (and only) loaded. */
export function QuickTaskForm({ onCreated }: { onCreated: () => void }) {
  const ids = useId();
  const projects = useQuery(taskFormProjectsQueryOptions(true));
  const [title, setTitle] = useState('');
  const [project, setProject] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: createTask,
    onSuccess: () => {
      setTitle('');
      onCreated();
    },
    onError: (failure) => setError(quickCreateError(failure)),
  });

  const shownError = error ?? (projects.isError ? quickCreateError(projects.error) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = taskDraft({ title, project });
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
        <label htmlFor={`${ids}-title`}>{t.titleField}</label>
        <input id={`${ids}-title`} className="input" value={title} onChange={(event) => setTitle(event.target.value)} aria-required="true" />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-project`}>{t.projectField}</label>
        <select
          id={`${ids}-project`}
          className="input"
          value={project}
          aria-required="true"
          aria-busy={projects.isPending}
          onChange={(event) => setProject(event.target.value)}
        >
          <option value="">{projects.isPending ? t.loadingProjects : t.chooseProject}</option>
          {(projects.data ?? []).map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <QuickCreateSubmit error={shownError} pending={mutation.isPending} />
    </form>
  );
}
