import { DASHBOARD } from '@jalon/contract/plain';
import type { CreateProject, CreateTask } from '@jalon/contract';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { dashboard } from '../../locales/fr/dashboard.ts';

// SPEC §5 "Quick-create project / task (dashboard)".

const t = dashboard.quickCreate;
const pad = (value: number): string => String(value).padStart(2, '0');

/** Today as a date input's `min` (the user's own day). */
export const todayInputValue = (now: Date): string =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;

/** A picked day (`YYYY-MM-DD`) means the end of that day where the user is. */
export function endOfDayIso(day: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export type Draft<T> = { ok: true; value: T } | { ok: false; error: string };

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
  // An empty (or unreadable) date means the default: now plus 14 days.
  const deadline =
    endOfDayIso(fields.deadline) ?? new Date(now.getTime() + DASHBOARD.defaultDeadlineDays * 86_400_000).toISOString();
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

/** SPEC §8: the validation details joined with ' | ', otherwise the message. */
export function quickCreateError(error: unknown): string {
  const details = isApiError(error) ? (error.problem?.errors ?? []) : [];
  const messages = details.map((detail) => detail.message).filter((message) => message.trim() !== '');
  if (messages.length > 0) return messages.join(' | ');
  return error instanceof Error && !isApiError(error) ? error.message : errorMessage(error);
}
