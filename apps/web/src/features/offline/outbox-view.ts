import type { OutboxEntry } from '@jalon/sync';
import { fr } from '../../locales/fr/index.ts';

const t = fr.sync;

/**
 * 'Modification · Tâche « Maquette » : statut, échéance': what the change does, to what, and which fields it
 * changes. The name is the one the change sets, else the one the device shows (`currentName`): a change of
 * status alone carries no title.
 */
export function entryTitle(entry: OutboxEntry, currentName?: string): string {
  const create = entry.op === 'upsert' && entry.baseVersion === 0;
  const kind = entry.op === 'delete' ? t.outbox.delete : create ? t.outbox.create : t.outbox.patch;
  const carried = entry.data.title ?? entry.data.name;
  const named = typeof carried === 'string' && carried !== '' ? carried : currentName;
  const entity = t.conflicts.entity[entry.entity];
  const what = named ? `${entity} « ${named} »` : entity;
  if (entry.op === 'delete' || create) return `${kind} · ${what}`;
  const fields = Object.keys(entry.data).map((field) =>
    (t.conflicts.fieldLabels[field] ?? field).toLocaleLowerCase('fr'),
  );
  return fields.length === 0 ? `${kind} · ${what}` : `${kind} · ${what} : ${fields.join(', ')}`;
}
