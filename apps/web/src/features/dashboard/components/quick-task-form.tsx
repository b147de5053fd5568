import { useId, useState, type FormEvent } from 'react';
import { dashboard } from '../../../locales/fr/dashboard.ts';
import { followCreatedId } from '../../../offline/created-id.ts';
import { useCreateOnce } from '../../../lib/use-create-once.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { AssigneePicker } from '../../members/index.ts';
import { useTaskWrites } from '../../tasks/index.ts';
import { quickCreateError, taskDraft } from '../quick-create-rules.ts';
import { QuickCreateSubmit } from './quick-create-submit.tsx';

const t = dashboard.quickCreate;

/** The project list comes from the device's copy, so a project created a moment ago is already in it. */
export function QuickTaskForm({ onCreated }: { onCreated: () => void }) {
  const ids = useId();
  const work = useWork();
  const writes = useTaskWrites();
  const [title, setTitle] = useState('');
  const [chosenProject, setProject] = useState('');
  const project = followCreatedId(chosenProject, work.projects);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateOnce(writes.create);

  const loadError = !work.ready && work.loadError !== null ? quickCreateError(work.loadError) : null;
  const shownError = error ?? loadError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = taskDraft({ title, project });
    if (!draft.ok) {
      setError(draft.error);
      return;
    }
    setError(null);
    create.submit(
      { ...draft.value, ...(assignee && { assignee }) },
      {
        onSuccess: () => {
          setTitle('');
          onCreated();
        },
        onError: (failure) => setError(quickCreateError(failure)),
      },
    );
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
          aria-busy={!work.ready}
          onChange={(event) => setProject(event.target.value)}
        >
          <option value="">{work.ready ? t.chooseProject : t.loadingProjects}</option>
          {work.projects.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <AssigneePicker id={`${ids}-assignee`} value={assignee} onChange={setAssignee} />
      <QuickCreateSubmit error={shownError} pending={create.isPending} />
    </form>
  );
}
