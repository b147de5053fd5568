import type { CreateTask } from '@jalon/contract';
import { REDIRECT, TASK_LIMITS } from '@jalon/contract/plain';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Alert } from '../../../components/ui/alert.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { canGoBack, useNavigate } from '../../../lib/navigation.ts';
import { ignoreRepeatClick, useCreateOnce } from '../../../lib/use-create-once.ts';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate.ts';
import { fr } from '../../../locales/fr/index.ts';
import { followCreatedId } from '../../../offline/created-id.ts';
import { LabelPicker } from '../../labels/index.ts';
import { AssigneePicker } from '../../members/index.ts';
import { useOnlineStatus } from '../../../lib/use-online-status.ts';
import { useTaskWrites } from '../api/task-writes.ts';
import type { ProjectOption } from '../project-options.ts';

/** What the title and project fields say, which differs a little from one place to another. */
export interface TaskFieldWords {
  title: string;
  project: string;
  chooseProject: string;
  loadingProjects: string;
}

/** The dashboard's rule for its quick task: the task to send, or the form's refusal. */
export type QuickTaskDraft = (fields: {
  title: string;
  project: string;
}) => { ok: true; value: CreateTask } | { ok: false; error: string };

/** The device's projects as a task form reads them: still loading, failed to load, or there. */
export interface ProjectChoices {
  options: readonly ProjectOption[];
  ready: boolean;
  loadError?: unknown;
}

/**
 * Where the form is, which decides its words, its fields and what happens once the task exists:
 * - `page`, /tasks/new: every field, 'Titre et projet requis' over the form, 'Créé', then home 600 to
 *   800 ms later;
 * - `inline`, on /tasks: title, description, project and assignee side by side, on the project the list
 *   is filtered on, and a link to the projects when there is none yet;
 * - `dashboard`, the quick create: title and project, the description made from the title, the refusal
 *   right above the button (`renderSubmit`, the dashboard's);
 * - `project`, on a project's page: a title only, which is also the description.
 */
export type TaskCreateFormProps =
  | { variant: 'page'; projects: ProjectChoices; initialProject: string }
  | { variant: 'inline'; projects: ProjectChoices; filteredProject: string | null }
  | {
      variant: 'dashboard';
      projects: ProjectChoices;
      words: TaskFieldWords;
      draft: QuickTaskDraft;
      describeFailure: (error: unknown) => string;
      renderSubmit: (error: string | null, pending: boolean) => ReactNode;
      onCreated: () => void;
    }
  | { variant: 'project'; projectId: string };

const pageWords = fr.tasks.newPage;
const inlineWords = fr.tasks.create;
const projectWords = fr.projects.detail.quickTask;
const fieldWords = {
  page: {
    title: pageWords.name,
    project: pageWords.project,
    chooseProject: pageWords.chooseProject,
    loadingProjects: pageWords.projectsLoading,
  },
  // The list's projects are there before the form shows, so its select has nothing to wait for.
  inline: {
    title: inlineWords.name,
    project: inlineWords.project,
    chooseProject: inlineWords.chooseProject,
    loadingProjects: inlineWords.chooseProject,
  },
  project: { title: projectWords.label, project: '', chooseProject: '', loadingProjects: '' },
} satisfies Record<string, TaskFieldWords>;

/** Back home 600 to 800 ms after the task is created on /tasks/new: long enough to read 'Créé'. */
const redirectDelay = (): number =>
  REDIRECT.afterTaskCreateMinMs +
  Math.random() * (REDIRECT.afterTaskCreateMaxMs - REDIRECT.afterTaskCreateMinMs);

/**
 * The one task-creation form. Title and description are trimmed; the draft keeps one client-made id until
 * it is created, so a double click or a resend makes one task. A project made on this device stays the
 * choice once the server has it under its own id.
 */
export function TaskCreateForm(props: TaskCreateFormProps) {
  const { variant } = props;
  const words = props.variant === 'dashboard' ? props.words : fieldWords[props.variant];
  const generatedId = useId();
  const ids = { page: 'task-form', inline: 'new-task', dashboard: generatedId, project: 'quick-task' }[
    variant
  ];
  const writes = useTaskWrites();
  const create = useCreateOnce(writes.create);
  const online = useOnlineStatus();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const choices = props.variant === 'project' ? null : props.projects;
  const options = choices?.options ?? [];
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [chosenProject, setProject] = useState(props.variant === 'page' ? props.initialProject : '');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [labels, setLabels] = useState<string[]>([]);
  // The page's and the dashboard's refusal (said over or under the form); the others disable the button.
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [announced, setAnnounced] = useState('');

  const known = (id: string) => options.some((option) => option.id === id);
  const chosen = followCreatedId(chosenProject, options);
  const filtered =
    props.variant === 'inline' && props.filteredProject !== null
      ? followCreatedId(props.filteredProject, options)
      : '';
  // On /tasks, the project the list is filtered on until another is chosen.
  const project =
    props.variant === 'project'
      ? props.projectId
      : props.variant !== 'inline' || known(chosen)
        ? chosen
        : known(filtered)
          ? filtered
          : '';
  const trimmed = title.trim();
  const blank = trimmed === '';

  /** The task to send, or null when the form refuses (and says so its own way). */
  const draftTask = (): CreateTask | null => {
    if (props.variant === 'dashboard') {
      const draft = props.draft({ title, project });
      setFailure(draft.ok ? null : draft.error);
      return draft.ok ? draft.value : null;
    }
    if (props.variant === 'page') {
      setInvalid(blank || !known(project));
      if (blank || !known(project)) return null;
    }
    if (blank || project === '') return null;
    return {
      title: trimmed,
      project,
      description: props.variant === 'project' ? trimmed : description.trim(),
    };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (props.variant === 'page' && (create.isPending || create.isSuccess)) return;
    const task = draftTask();
    if (task === null) return;
    create.submit(
      {
        ...task,
        ...(variant !== 'project' && assignee !== null && { assignee }),
        ...(variant !== 'project' && labels.length > 0 && { labels }),
      },
      {
        onSuccess: () => {
          if (props.variant === 'page') {
            navigateLater('/', redirectDelay());
            return;
          }
          setTitle('');
          if (props.variant === 'dashboard') props.onCreated();
          if (props.variant === 'inline') {
            setDescription('');
            setLabels([]);
            setAnnounced(inlineWords.created(trimmed));
          }
          if (props.variant === 'project') setAnnounced(projectWords.added(trimmed));
        },
        onError: (error) => {
          if (props.variant === 'dashboard') setFailure(props.describeFailure(error));
        },
      },
    );
  };

  const loadFailed =
    choices !== null && !choices.ready && choices.loadError !== undefined && choices.loadError !== null;
  const titleField = (
    <Field
      id={`${ids}-${variant === 'inline' ? 'name' : variant === 'project' ? 'input' : 'title'}`}
      label={words.title}
      required={variant === 'page' || variant === 'dashboard'}
      invalid={invalid && blank}
      className={variant === 'project' ? 'toolbar__grow' : undefined}
    >
      {(control) => (
        <input
          {...control}
          className="input"
          autoFocus={variant === 'page'}
          maxLength={TASK_LIMITS.titleMax}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      )}
    </Field>
  );

  const projectField = choices !== null && (
    <Field
      id={`${ids}-project`}
      label={words.project}
      required
      invalid={invalid && project === ''}
      error={variant === 'page' && loadFailed ? fr.tasks.error(errorMessage(choices.loadError)) : null}
    >
      {(control) => (
        <select
          {...control}
          className="input"
          aria-busy={variant === 'inline' ? undefined : !choices.ready}
          value={project}
          onChange={(event) => setProject(event.target.value)}
        >
          <option value="">{choices.ready ? words.chooseProject : words.loadingProjects}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const descriptionField = (variant === 'page' || variant === 'inline') && (
    <Field
      id={`${ids}-description`}
      label={variant === 'page' ? pageWords.description : inlineWords.description}
    >
      {(control) => {
        const text = {
          ...control,
          className: 'input',
          maxLength: TASK_LIMITS.descriptionMax,
          value: description,
        };
        return variant === 'page' ? (
          <textarea {...text} rows={3} onChange={(event) => setDescription(event.target.value)} />
        ) : (
          <input {...text} onChange={(event) => setDescription(event.target.value)} />
        );
      }}
    </Field>
  );

  const assigneeField = variant !== 'project' && (
    <AssigneePicker id={`${ids}-assignee`} value={assignee} onChange={setAssignee} />
  );

  // Every form but a project's one-line quick add, which takes a title only.
  const labelsField = variant !== 'project' && (
    <LabelPicker id={`${ids}-labels`} value={labels} onChange={setLabels} />
  );

  // The dashboard's button is its own (`renderSubmit`).
  const submitWords = { page: pageWords, inline: inlineWords, dashboard: inlineWords, project: projectWords }[
    variant
  ];
  const submitButton = (
    <button
      type="submit"
      className={variant === 'page' ? 'button button--primary' : 'button button--primary align-end'}
      disabled={create.isPending || (variant === 'page' ? create.isSuccess : blank || project === '')}
      onClick={ignoreRepeatClick}
    >
      {create.isPending ? submitWords.submitting : submitWords.submit}
    </button>
  );
  const refusal = create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>;
  const announcement = (
    <p className="visually-hidden" role="status">
      {announced}
    </p>
  );

  if (props.variant === 'dashboard') {
    const loadFailure =
      !props.projects.ready && loadFailed ? props.describeFailure(props.projects.loadError) : null;
    return (
      <form className="form dash-create__form" onSubmit={submit} noValidate>
        {titleField}
        {projectField}
        {assigneeField}
        {labelsField}
        {props.renderSubmit(failure ?? loadFailure, create.isPending)}
      </form>
    );
  }

  if (props.variant === 'project') {
    return (
      <form className="form form--row" aria-labelledby="quick-task-title" onSubmit={submit}>
        <h2 id="quick-task-title" className="section-title">
          {projectWords.title}
        </h2>
        {refusal}
        <div className="inline-actions">
          {titleField}
          {submitButton}
        </div>
        {announcement}
      </form>
    );
  }

  if (props.variant === 'inline') {
    return (
      <form className="form panel" aria-labelledby="new-task-title" onSubmit={submit}>
        <h2 id="new-task-title" className="section-title">
          {inlineWords.title}
        </h2>
        {refusal}
        {props.projects.ready && options.length === 0 ? (
          <p>
            {inlineWords.noProject} <Link to="/projects">{inlineWords.projectsLink}</Link>
          </p>
        ) : (
          <div className="form-grid">
            {titleField}
            {descriptionField}
            {projectField}
            {assigneeField}
            {labelsField}
            {submitButton}
          </div>
        )}
        {announcement}
      </form>
    );
  }

  return (
    <form className="form panel" aria-label={pageWords.title} onSubmit={submit} noValidate>
      {invalid && <Alert tone="error">{pageWords.required}</Alert>}
      {refusal}
      {create.isSuccess && (
        <Alert tone="success">
          {online ? pageWords.created : `${pageWords.created}${fr.sync.createdPending}`}
        </Alert>
      )}
      {titleField}
      {projectField}
      {descriptionField}
      {assigneeField}
      {labelsField}
      <div className="form__actions">
        <button
          type="button"
          className="button"
          onClick={() => void (canGoBack() ? navigate(-1) : navigate('/tasks'))}
        >
          {pageWords.cancel}
        </button>
        {submitButton}
      </div>
    </form>
  );
}
