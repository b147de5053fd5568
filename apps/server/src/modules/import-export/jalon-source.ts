import { exportDocumentSchema } from '@jalon/contract';
import { malformed, type ImportSource } from './import-source.ts';
import { STATUS_NAMES } from './status-names.ts';

const fieldPath = (path: PropertyKey[]) => path.map(String).join('.');

/**
 * A Jalon export (`GET /api/export`): its projects, labels and live tasks with their ids as they are, so
 * importing it into an empty Jalon gives the same projects and tasks, and importing it again changes
 * nothing. People are found by the e-mail the export gives them (an administrator's export). Comments are
 * not imported: they would all be signed by the person importing.
 */
export function readJalon(buffer: Buffer): ImportSource {
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw malformed(`Ce fichier n’est pas du JSON valide : ${(error as Error).message}`);
  }
  const parsed = exportDocumentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw malformed(
      `Ce fichier n’est pas un export Jalon : le champ « ${fieldPath(issue.path) || 'document'} » manque ou n’est pas valide.`,
    );
  }
  const document = parsed.data;
  const members = new Map(document.members.map((member) => [member.id, member]));
  const labels = new Map(document.labels.map((label) => [label.id, label]));
  const source: ImportSource = {
    identity: null,
    name: 'Export Jalon',
    projects: document.projects.map((project) => ({
      key: project.id,
      name: project.name,
      description: project.description,
      deadline: project.deadline,
    })),
    labels: new Map(document.labels.map((label) => [label.name, label.color])),
    tasks: [],
    people: new Map(),
    skipped: [],
  };
  for (const member of document.members)
    source.people.set(member.id, { email: member.email ?? null, name: member.username });
  // Parents before their sub-tasks, so each sub-task's parent is there when it is created.
  const ordered = [...document.tasks].sort((a, b) => Number(a.parent !== null) - Number(b.parent !== null));
  for (const task of ordered)
    source.tasks.push({
      key: task.id,
      line: `tâche « ${task.title} »`,
      title: task.title,
      description: task.description,
      sourceStatus: STATUS_NAMES[task.status],
      status: task.status,
      priority: task.priority,
      progress: task.progress,
      estimatedMinutes: task.estimatedMinutes,
      assignee: task.assignee && members.has(task.assignee) ? task.assignee : null,
      deadline: task.deadline,
      labels: task.labels.flatMap((id) => labels.get(id)?.name ?? []),
      parent: task.parent,
      project: task.project,
    });
  return source;
}
