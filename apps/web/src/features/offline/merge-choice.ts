import type { Fields } from '@jalon/sync';

/** Which value a clashing field keeps in a merge: the person's, the server's, or one typed anew. */
export type MergePick = 'mine' | 'server' | 'other';

export interface FieldChoice {
  pick: MergePick;
  /** The value typed for 'other', as text. */
  text: string;
}

/** The choices a merge form opens with: the person's own value for each field, as typed text for 'other'. */
export function initialChoices(fields: readonly string[], mine: Fields): Record<string, FieldChoice> {
  return Object.fromEntries(fields.map((field) => [field, { pick: 'mine', text: asText(mine[field]) }]));
}

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A typed value read back as the field's kind: a number where either side holds a number, nothing for an
 * empty field where either side may be empty, text otherwise. The server checks the result as any edit.
 */
export function valueFromText(text: string, mine: unknown, server: unknown): unknown {
  const trimmed = text.trim();
  if (trimmed === '' && (mine === null || server === null || mine === undefined || server === undefined))
    return null;
  if (typeof mine === 'number' || typeof server === 'number') {
    const number = Number(trimmed.replace(',', '.'));
    return trimmed !== '' && Number.isFinite(number) ? number : text;
  }
  return text;
}

/** The data a merge sends: the person's edit, each clashing field as chosen. */
export function mergedData(
  mine: Fields,
  server: Fields | null,
  choices: Record<string, FieldChoice>,
): Fields {
  const data: Fields = { ...mine };
  for (const [field, choice] of Object.entries(choices)) {
    if (choice.pick === 'server') data[field] = server?.[field] ?? null;
    else if (choice.pick === 'other') data[field] = valueFromText(choice.text, mine[field], server?.[field]);
  }
  return data;
}
