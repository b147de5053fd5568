import type { ConflictRecord } from '@jalon/sync';
import { fr } from '../../locales/fr/index.ts';

const t = fr.sync.conflicts;

/** 'Tâche « Maquette »': the entity and the name the person knows it by (theirs, else the server's). */
export function conflictTitle(conflict: ConflictRecord): string {
  const named =
    conflict.originalData.title ??
    conflict.originalData.name ??
    conflict.serverData?.title ??
    conflict.serverData?.name;
  return typeof named === 'string' && named !== ''
    ? `${t.entity[conflict.entity]} « ${named} »`
    : t.entity[conflict.entity];
}

/**
 * The fields to show side by side: those the server says both sides changed, or, when it did not say
 * (a whole-row clash), those of the edit whose value differs from the server's.
 */
export function clashingFields(conflict: ConflictRecord): string[] {
  if (conflict.fields && conflict.fields.length > 0) return conflict.fields;
  if (!conflict.serverData) return [];
  const server = conflict.serverData;
  return Object.keys(conflict.originalData).filter(
    (field) => JSON.stringify(conflict.originalData[field]) !== JSON.stringify(server[field]),
  );
}

/** A field's value as text: strings as they are, nothing as a dash, the rest as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
