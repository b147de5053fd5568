import { z } from 'zod';
import type { LabelColor } from '@jalon/contract';
import { malformed, type ImportSource } from './import-source.ts';
import { statusOfName } from './status-names.ts';

/**
 * The part of Trello's board export (Menu → Imprimer, exporter et partager → Exporter au format JSON)
 * the import reads; everything else in the file (actions, plugin data, preferences) is ignored.
 */
const idField = z.string().min(1);
const trelloBoardSchema = z.object({
  id: idField,
  name: z.string(),
  labels: z
    .array(z.object({ id: idField, name: z.string().nullish(), color: z.string().nullish() }))
    .default([]),
  lists: z.array(z.object({ id: idField, name: z.string(), closed: z.boolean().default(false) })),
  cards: z.array(
    z.object({
      id: idField,
      name: z.string(),
      desc: z.string().default(''),
      closed: z.boolean().default(false),
      idList: idField,
      idLabels: z.array(z.string()).default([]),
      idMembers: z.array(z.string()).default([]),
      due: z.string().nullish(),
      dueComplete: z.boolean().default(false),
    }),
  ),
  members: z
    .array(
      z.object({
        id: idField,
        fullName: z.string().nullish(),
        username: z.string(),
        email: z.string().nullish(),
      }),
    )
    .default([]),
  checklists: z
    .array(
      z.object({
        idCard: idField,
        name: z.string(),
        checkItems: z.array(z.object({ name: z.string(), state: z.string() })).default([]),
      }),
    )
    .default([]),
});

/** Trello's colours, as the nearest of Jalon's eight. */
const COLORS: Record<string, LabelColor> = {
  green: 'green',
  green_light: 'green',
  lime: 'green',
  yellow: 'yellow',
  orange: 'orange',
  red: 'red',
  purple: 'purple',
  blue: 'blue',
  sky: 'blue',
  pink: 'pink',
};

/** The status a list's cards take. */
export const listStatus = (name: string) => statusOfName(name) ?? 'todo';

/** `cards[3].name` written the French way: the field the file lacks or holds wrongly. */
const fieldPath = (path: PropertyKey[]) =>
  path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`))
    .join('');

/**
 * A Trello board: each open card of an open list becomes a task. Its list gives the status (a list named
 * like a status, « Fait », « En cours », « Review »…; any other list is « À faire »; a card whose due date
 * is marked done is « Terminée »); its labels become labels (a label without a name is left off), its
 * checklists a list of boxes at the end of its description, its first member the assignee. Archived cards
 * and the cards of archived lists are skipped, and said so; comments and attachments are not imported.
 */
export function readTrello(buffer: Buffer): ImportSource {
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw malformed(`Ce fichier n’est pas du JSON valide : ${(error as Error).message}`);
  }
  const parsed = trelloBoardSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw malformed(
      `Ce fichier n’est pas un export de tableau Trello : le champ « ${fieldPath(issue.path) || 'tableau'} » manque ou n’est pas valide.`,
    );
  }
  const board = parsed.data;
  const lists = new Map(board.lists.map((list) => [list.id, list]));
  const labels = new Map(board.labels.map((label) => [label.id, label]));
  const members = new Map(board.members.map((member) => [member.id, member]));
  const checklists = new Map<string, typeof board.checklists>();
  for (const checklist of board.checklists)
    checklists.set(checklist.idCard, [...(checklists.get(checklist.idCard) ?? []), checklist]);

  const source: ImportSource = {
    identity: `trello:${board.id}`,
    name: board.name.trim() || 'Tableau Trello',
    labels: new Map(),
    tasks: [],
    people: new Map(),
    skipped: [],
  };
  for (const member of board.members)
    source.people.set(member.id, {
      email: member.email?.toLowerCase() ?? null,
      name: member.fullName || member.username,
    });

  for (const card of board.cards) {
    const line = `carte « ${card.name} »`;
    const list = lists.get(card.idList);
    if (!list)
      throw malformed(`La carte « ${card.name} » (${card.id}) est dans une liste absente du fichier.`);
    if (card.closed) {
      source.skipped.push({ line, reason: 'Carte archivée.' });
      continue;
    }
    if (list.closed) {
      source.skipped.push({ line, reason: `Liste « ${list.name} » archivée.` });
      continue;
    }
    if (card.name.trim() === '') {
      source.skipped.push({ line, reason: 'Titre manquant.' });
      continue;
    }
    const cardLabels = card.idLabels
      .map((id) => labels.get(id))
      .filter((label) => label?.name?.trim())
      .map((label) => {
        const name = label!.name!.trim();
        if (!source.labels.has(name)) source.labels.set(name, COLORS[label!.color ?? ''] ?? 'gray');
        return name;
      });
    const boxes = (checklists.get(card.id) ?? []).map(
      (checklist) =>
        `### ${checklist.name}\n\n${checklist.checkItems
          .map((item) => `- [${item.state === 'complete' ? 'x' : ' '}] ${item.name}`)
          .join('\n')}`,
    );
    const assignee = card.idMembers.find((id) => members.has(id)) ?? null;
    source.tasks.push({
      key: card.id,
      line,
      title: card.name.trim(),
      description: [card.desc.trim(), ...boxes].filter(Boolean).join('\n\n'),
      sourceStatus: card.dueComplete ? 'Échéance marquée terminée' : list.name,
      status: card.dueComplete ? 'done' : listStatus(list.name),
      priority: 'medium',
      assignee,
      deadline: card.due && !Number.isNaN(Date.parse(card.due)) ? new Date(card.due).toISOString() : null,
      labels: cardLabels,
    });
  }
  return source;
}
