import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { fr } from '../../../locales/fr/index.ts';
import { ignoreRepeatClick, useCreateOnce } from '../../../lib/use-create-once.ts';
import { followCreatedId } from '../../../offline/created-id.ts';
import { AssigneePicker } from '../../members/index.ts';
import { useTaskWrites } from '../api/task-writes.ts';
import type { ProjectOption } from '../project-options.ts';

const t = fr.tasks.create;

interface NewTaskInlineFormProps {
  /** Undefined while they load: the form shows, its project select waits. */
  projects?: readonly ProjectOption[];
  loaded: boolean;
  /** The project the list is filtered on: the task most likely belongs there. */
  filteredProject: string | null;
}

/**
 * SPEC §2 "Nouvelle tâche": title and description, trimmed; create is disabled while the title is
 * blank. A task belongs to a project, so a project select is added: on the project the list is filtered
 * on, otherwise on none, to be chosen (the newest project, once the default, took tasks meant elsewhere).
 */
export function NewTaskInlineForm({ projects = [], loaded, filteredProject }: NewTaskInlineFormProps) {
  const writes = useTaskWrites();
  const create = useCreateOnce(writes.create);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [chosenProject, setChosenProject] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [created, setCreated] = useState('');
  // A project made on this device stays the choice once the server has it under its own id.
  const known = (id: string | null) => id !== null && projects.some((option) => option.id === id);
  const chosen = followCreatedId(chosenProject, projects);
  const filtered = filteredProject === null ? null : followCreatedId(filteredProject, projects);
  const project = known(chosen) ? chosen : known(filtered) ? filtered! : '';
  const blank = title.trim() === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blank || project === '') return;
    const task = { title: title.trim(), description: description.trim(), project, ...(assignee && { assignee }) };
    create.submit(task, {
      onSuccess: () => {
        setTitle('');
        setDescription('');
        setCreated(t.created(task.title));
      },
    });
  };

  return (
    <form className="form panel" aria-labelledby="new-task-title" onSubmit={submit}>
      <h2 id="new-task-title" className="section-title">
        {t.title}
      </h2>
      {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      {loaded && projects.length === 0 ? (
        <p>
          {t.noProject} <Link to="/projects">{t.projectsLink}</Link>
        </p>
      ) : (
        <div className="form-grid">
          <div className="field">
            <label htmlFor="new-task-name">{t.name}</label>
            <input
              id="new-task-name"
              className="input"
              maxLength={300}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="new-task-description">{t.description}</label>
            <input
              id="new-task-description"
              className="input"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="new-task-project">{t.project}</label>
            <select
              id="new-task-project"
              className="input"
              required
              value={project}
              onChange={(event) => setChosenProject(event.target.value)}
            >
              <option value="">{t.chooseProject}</option>
              {projects.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <AssigneePicker id="new-task-assignee" value={assignee} onChange={setAssignee} />
          <button
            type="submit"
            className="button button--primary align-end"
            disabled={blank || project === '' || create.isPending}
            onClick={ignoreRepeatClick}
          >
            {create.isPending ? t.submitting : t.submit}
          </button>
        </div>
      )}
      <p className="visually-hidden" role="status">
        {created}
      </p>
    </form>
  );
}
