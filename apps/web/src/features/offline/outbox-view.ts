import type { OutboxEntry } from '@jalon/sync';
import { fr } from '../../locales/fr/index.ts';

const t = fr.sync;

/** 'Modification · Tâche « Maquette »': what the change does, to what, by the name it carries. */
export function entryTitle(entry: OutboxEntry): string {
  const kind = entry.op === 'delete' ? t.outbox.delete : entry.op === 'upsert' && entry.baseVersion === 0 ? t.outbox.create : t.outbox.patch;
  const named = entry.data.title ?? entry.data.name;
  const what = typeof named === 'string' && named !== '' ? `${t.conflicts.entity[entry.entity]} « ${named} »` : t.conflicts.entity[entry.entity];
  return `${kind} · ${what}`;
}
