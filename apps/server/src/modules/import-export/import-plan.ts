import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import {
  LABEL_LIMITS,
  PROJECT_LIMITS,
  TASK_LIMITS,
  labelNameKey,
  type ImportPreview,
  type TaskStatus,
} from '@jalon/contract';
import { wellFormed } from '../../lib/storable-json.ts';
import type { PlannedOperation } from '../sync/batch-plan.ts';
import type { ImportSource, SourceTask } from './import-source.ts';

/** The namespace of every id an import derives (UUID v5): the same file gives the same ids again. */
const IMPORT_NAMESPACE = '7c3f0c1e-5a8e-4f43-9a55-2b0e7d1f6a10';
/** A new project's deadline when none of its tasks has one. */
const DEFAULT_PROJECT_DAYS = 90;

/** What the import reads of this Jalon before planning: who is there, which labels and ids exist. */
export interface ImportContext {
  /** The project named by `projectId`, if any. */
  target: { id: string; name: string } | null;
  people: Array<{ id: string; email: string; username: string }>;
  /** Live labels, by the key of their name. */
  labels: Map<string, string>;
  /** Of the ids this import would create, those already taken (live or deleted). */
  taken: Set<string>;
  now: Date;
}

export interface ImportPlan {
  preview: ImportPreview;
  operations: PlannedOperation[];
  /** The project the tasks go into (the first one, for a Jalon export of several). */
  projectId: string;
  /** Each operation's line in the file, by its seq, so a refusal names it. */
  lines: Map<number, string>;
}

// Text a file holds that a field cannot: control characters (a one-line field keeps none, a multi-line one
// tab, line feed and carriage return) and lone surrogates (a JSON file's `\ud800`, which has no UTF-8 form:
// U+FFFD, as a CSV file's unreadable bytes become), then the length.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const ONE_LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const oneLine = (text: string, max: number) =>
  wellFormed(text.replace(ONE_LINE_CONTROLS, ' ').trim().slice(0, max));
const multiLine = (text: string, max: number) =>
  wellFormed(text.replace(MULTI_LINE_CONTROLS, '').trim().slice(0, max));

/** The ids the import would create, for the caller to check which are taken before planning. */
export function derivedIds(source: ImportSource, projectId: string | undefined): string[] {
  const ids = idsOf(source, projectId);
  return [...ids.projects.values(), ...source.tasks.map((task) => ids.task(task.key))];
}

function idsOf(source: ImportSource, projectId: string | undefined) {
  const scope = `${source.identity ?? 'jalon'}:${projectId ?? 'new'}`;
  // A Jalon export into a new Jalon keeps its ids; anything else derives them from the file and the target.
  const keep = source.identity === null && projectId === undefined;
  const derive = (key: string) => (keep ? key : uuidv5(`${scope}:${key}`, IMPORT_NAMESPACE));
  const projects = new Map<string, string>();
  if (projectId) projects.set('', projectId);
  else if (source.projects) for (const project of source.projects) projects.set(project.key, project.key);
  else projects.set('', uuidv5(`${scope}:project`, IMPORT_NAMESPACE));
  return {
    projects,
    task: derive,
    projectOf: (task: SourceTask) => (projectId || !source.projects ? projects.get('')! : task.project!),
  };
}

/**
 * The preview and the operations of an import: a project when none is given (named after the board or the
 * file), the labels not already there (by name, ignoring case and accents), then each task not imported
 * before (its id is taken), parents before sub-tasks, with its assignee found by e-mail (or, for a Trello
 * member without one, by name).
 */
export function planImport(source: ImportSource, context: ImportContext, projectId?: string): ImportPlan {
  const ids = idsOf(source, projectId);
  const skipped = [...source.skipped];
  const operations: PlannedOperation[] = [];
  const lines = new Map<number, string>();
  const add = (
    entity: PlannedOperation['entity'],
    id: string,
    data: Record<string, unknown>,
    line: string,
  ) => {
    const seq = operations.length + 1;
    operations.push({
      seq,
      entity,
      op: 'upsert',
      id,
      clientId: `tmp-${id}`,
      version: undefined,
      data,
      base: undefined,
    });
    lines.set(seq, line);
  };

  // People: by e-mail first, then by name (a Trello export has names only).
  const byEmail = new Map(context.people.map((person) => [person.email, person.id]));
  const byName = new Map(context.people.map((person) => [labelNameKey(person.username), person.id]));
  const matched: string[] = [];
  const unmatched: string[] = [];
  const personOf = new Map<string, string | null>();
  for (const [key, person] of source.people) {
    const id =
      (person.email && byEmail.get(person.email)) ||
      (person.name && byName.get(labelNameKey(person.name))) ||
      null;
    personOf.set(key, id);
    const said = person.email ?? person.name ?? key;
    if (!source.tasks.some((task) => task.assignee === key)) continue;
    (id ? matched : unmatched).push(said);
  }

  const latest = source.tasks.reduce<string | null>(
    (last, task) => (task.deadline && (!last || task.deadline > last) ? task.deadline : last),
    null,
  );
  const fallbackDeadline = () =>
    latest ?? new Date(context.now.getTime() + DEFAULT_PROJECT_DAYS * 86_400_000).toISOString();
  if (!projectId) {
    const projects = source.projects ?? [{ key: '', name: source.name, description: '', deadline: null }];
    for (const project of projects) {
      const id = ids.projects.get(project.key)!;
      if (context.taken.has(id)) continue;
      add(
        'project',
        id,
        {
          name: oneLine(project.name, PROJECT_LIMITS.nameMax) || 'Import',
          description: multiLine(project.description, PROJECT_LIMITS.descriptionMax),
          deadline: project.deadline ?? fallbackDeadline(),
        },
        `projet « ${project.name} »`,
      );
    }
  }

  const labelIds = new Map(context.labels);
  const newLabels: string[] = [];
  for (const [name, color] of source.labels) {
    const label = oneLine(name, LABEL_LIMITS.nameMax);
    const key = labelNameKey(label);
    if (!label || labelIds.has(key)) continue;
    // Found again by its name on the next import, so its id need not be derived.
    const id = randomUUID();
    labelIds.set(key, id);
    newLabels.push(label);
    add('label', id, { name: label, color }, `étiquette « ${label} »`);
  }

  const statuses: Record<string, TaskStatus> = {};
  let tasks = 0;
  for (const task of source.tasks) {
    statuses[task.sourceStatus] ??= task.status;
    const id = ids.task(task.key);
    if (context.taken.has(id)) {
      skipped.push({ line: task.line, reason: 'Déjà importée.' });
      continue;
    }
    tasks += 1;
    const labels = [
      ...new Set(
        task.labels.flatMap((name) => labelIds.get(labelNameKey(oneLine(name, LABEL_LIMITS.nameMax))) ?? []),
      ),
    ].slice(0, LABEL_LIMITS.perTask);
    add(
      'task',
      id,
      {
        project: ids.projectOf(task),
        title: oneLine(task.title, TASK_LIMITS.titleMax),
        description: multiLine(task.description, TASK_LIMITS.descriptionMax),
        status: task.status,
        priority: task.priority,
        assignee: task.assignee ? (personOf.get(task.assignee) ?? null) : null,
        deadline: task.deadline,
        labels,
        ...(task.parent ? { parent: ids.task(task.parent) } : {}),
        ...(task.progress !== undefined ? { progress: task.progress } : {}),
        ...(task.estimatedMinutes !== undefined ? { estimatedMinutes: task.estimatedMinutes } : {}),
      },
      task.line,
    );
  }

  return {
    preview: {
      project: context.target?.name ?? source.projects?.[0]?.name ?? source.name,
      tasks,
      statuses,
      people: { matched, unmatched },
      newLabels,
      skipped,
    },
    operations,
    projectId: ids.projects.values().next().value ?? '',
    lines,
  };
}
