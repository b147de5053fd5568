import { REDIRECT } from '@jalon/contract/plain';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { canGoBack, useNavigate } from '../../../lib/navigation.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { fr } from '../../../locales/fr/index.ts';
import '../../../styles/work.css';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { followCreatedId } from '../../../offline/created-id.ts';
import { ignoreRepeatClick, useCreateOnce } from '../../../lib/use-create-once.ts';
import { useWork } from '../../../offline/work-context.tsx';
import { AssigneePicker } from '../../members/index.ts';
import { useTaskWrites } from '../api/task-writes.ts';
import { projectOptions } from '../project-options.ts';

const t = fr.tasks.newPage;

/** SPEC §9: back home 600 to 800 ms after the task is created. */
const redirectDelay = (): number =>
  REDIRECT.afterTaskCreateMinMs + Math.random() * (REDIRECT.afterTaskCreateMaxMs - REDIRECT.afterTaskCreateMinMs);

export function NewTaskPage() {
  const work = useWork();
  const projects = useMemo(() => projectOptions(work.projects), [work.projects]);
  const online = useOnlineStatus();
  const writes = useTaskWrites();
  const create = useCreateOnce(writes.create);
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const [searchParams] = useSearchParams();
  const [title, setTitle] = useState('');
  const [chosenProject, setProject] = useState(() => searchParams.get('projectId') ?? '');
  // A project made on this device keeps being the choice once the server has it (not 'Choisir un projet').
  const project = followCreatedId(chosenProject, projects);
  const [description, setDescription] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending || create.isSuccess) return;
    const known = projects.some((option) => option.id === project);
    if (title.trim() === '' || !known) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    create.submit(
      { title: title.trim(), project, description: description.trim(), ...(assignee && { assignee }) },
      { onSuccess: () => navigateLater('/', redirectDelay()) },
    );
  };

  const cancel = () => {
    void (canGoBack() ? navigate(-1) : navigate('/tasks'));
  };

  return (
    <>
      <PageHeader title={t.title} />
      <form className="form panel" aria-label={t.title} onSubmit={submit} noValidate>
        {invalid && <Alert tone="error">{t.required}</Alert>}
        {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
        {create.isSuccess && (
          <Alert tone="success">{online ? t.created : `${t.created}${fr.sync.createdPending}`}</Alert>
        )}
        <div className="field">
          <label htmlFor="task-form-title">{t.name}</label>
          <input
            id="task-form-title"
            className="input"
            required
            autoFocus
            maxLength={300}
            aria-invalid={(invalid && title.trim() === '') || undefined}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="task-form-project">{t.project}</label>
          <select
            id="task-form-project"
            className="input"
            required
            aria-invalid={(invalid && project === '') || undefined}
            aria-busy={!work.ready || undefined}
            value={project}
            onChange={(event) => setProject(event.target.value)}
          >
            <option value="">{work.ready ? t.chooseProject : t.projectsLoading}</option>
            {projects.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          {!work.ready && work.loadError !== null && (
            <p className="field-error">{fr.tasks.error(errorMessage(work.loadError))}</p>
          )}
        </div>
        <div className="field">
          <label htmlFor="task-form-description">{t.description}</label>
          <textarea
            id="task-form-description"
            className="input"
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <AssigneePicker id="task-form-assignee" value={assignee} onChange={setAssignee} />
        <div className="form__actions">
          <button type="button" className="button" onClick={cancel}>
            {t.cancel}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={create.isPending || create.isSuccess}
            onClick={ignoreRepeatClick}
          >
            {create.isPending ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </>
  );
}
