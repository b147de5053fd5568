import type { Label } from '@jalon/contract';
import { LABEL_COLORS, LABEL_LIMITS, labelNameKey, stripTmpPrefix } from '@jalon/contract/plain';
import { matchesQuery } from '../../lib/fold-text.ts';
import type { LabelColorName } from './label-colors.ts';

/**
 * The device's labels by id, keyed without `tmp-`: a task names a label made offline `tmp-<id>` until a
 * pull brings the task back with the server's id, while the label itself may already carry it.
 */
export const labelMap = (labels: readonly Label[]): ReadonlyMap<string, Label> =>
  new Map(labels.map((label) => [stripTmpPrefix(label.id), label]));

export const findLabel = (byId: ReadonlyMap<string, Label>, id: string): Label | undefined =>
  byId.get(stripTmpPrefix(id));

/** What the picker offers for what is typed: the labels not chosen yet that match, and whether to offer a new one. */
export interface LabelChoices {
  matches: Label[];
  /** The typed name, trimmed, when no label has it (ignoring case and accents): 'Créer l’étiquette « … »'. */
  create: string | null;
}

export function labelChoices(
  labels: readonly Label[],
  chosen: readonly string[],
  query: string,
): LabelChoices {
  const taken = new Set(chosen.map(stripTmpPrefix));
  const matches = labels.filter(
    (label) => !taken.has(stripTmpPrefix(label.id)) && matchesQuery(label.name, query),
  );
  const name = query.trim().slice(0, LABEL_LIMITS.nameMax);
  const exists = labels.some((label) => labelNameKey(label.name) === labelNameKey(name));
  return { matches, create: name === '' || exists ? null : name };
}

/** A new label's colour: the next of the eight after those already used, so neighbours tell apart. */
export const nextLabelColor = (labels: readonly Label[]): LabelColorName =>
  LABEL_COLORS[labels.length % LABEL_COLORS.length] ?? 'gray';
