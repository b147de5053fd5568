import { DASHBOARD } from '@jalon/contract/plain';
import type { CreateProject, CreateTask } from '@jalon/contract';
import { isApiError } from '../../lib/api-error.ts';
import { dayFieldError, endOfDayIso, localDayKey } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { dashboard } from '../../locales/fr/dashboard.ts';

// The rules of the dashboard's quick creation of a project or a task.

const t = dashboard.quickCreate;

/** Today as a date input's `min` (the user's own day). */
export const todayInputValue = (now: Date): string => localDayKey(now);

/** A refusal names its field when it belongs under one (the deadline); otherwise it is the form's. */
export type Draft<T> = { ok: true; value: T } | { ok: false; error: string; field?: 'deadline' };

export interface ProjectFields {
  name: string;
  description: string;
  /** The date input's value: '' or YYYY-MM-DD. */
  deadline: string;
}

export function projectDraft(fields: ProjectFields, now: Date): Draft<CreateProject> {
  const name = fields.name.trim();
  if (name === '') return { ok: false, error: t.nameRequired };
  const description = fields.description.trim();
  // An empty date means the default, now plus 14 days; a date the server would refuse is refused here.
  const deadlineError = dayFieldError(fields.deadline);
  if (deadlineError !== null) return { ok: false, error: deadlineError, field: 'deadline' };
  const deadline =
    endOfDayIso(fields.deadline) ??
    new Date(now.getTime() + DASHBOARD.defaultDeadlineDays * 86_400_000).toISOString();
  return {
    ok: true,
    value: {
      name,
      description: description.length < DASHBOARD.descriptionMinLength ? t.initialisation(name) : description,
      deadline,
    },
  };
}

export function taskDraft(fields: { title: string; project: string }): Draft<CreateTask> {
  const title = fields.title.trim();
  if (title === '' || fields.project === '') return { ok: false, error: t.titleAndProjectRequired };
  return { ok: true, value: { title, project: fields.project, description: t.quickDescription(title) } };
}

/** The validation details joined with ' | ', otherwise the message. */
export function quickCreateError(error: unknown): string {
  const details = isApiError(error) ? (error.problem?.errors ?? []) : [];
  const messages = details.map((detail) => detail.message).filter((message) => message.trim() !== '');
  if (messages.length > 0) return messages.join(' | ');
  return error instanceof Error && !isApiError(error) ? error.message : errorMessage(error);
}
