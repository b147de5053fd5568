import type { Label } from '@jalon/contract';
import type { CSSProperties } from 'react';
import { findLabel } from './label-choices.ts';
import { fr } from '../../locales/fr/index.ts';
import { LABEL_PALETTE } from './label-colors.ts';

/** A chip's colours for both schemes, as custom properties the stylesheet picks from by `data-theme`. */
export const chipStyle = (label: Label): CSSProperties => {
  const { light, dark } = LABEL_PALETTE[label.color];
  return {
    '--chip-light-bg': light.background,
    '--chip-light-text': light.text,
    '--chip-light-border': light.border,
    '--chip-dark-bg': dark.background,
    '--chip-dark-text': dark.text,
    '--chip-dark-border': dark.border,
  } as CSSProperties;
};

/**
 * A task's labels as chips, in the order of `labelIds` resolved through `byId` (the device's copy, `labelMap`); an id
 * the copy lacks (a label deleted since) is left out. Nothing is drawn for a task without labels.
 */
export function LabelChips({
  labelIds,
  byId,
}: {
  labelIds: readonly string[];
  byId: ReadonlyMap<string, Label>;
}) {
  const shown = labelIds
    .map((id) => findLabel(byId, id))
    .filter((label): label is Label => label !== undefined);
  if (shown.length === 0) return null;
  return (
    <ul className="label-chips" aria-label={fr.labels.chipsLabel}>
      {shown.map((label) => (
        <li key={label.id} className="label-chip" style={chipStyle(label)}>
          {label.name}
        </li>
      ))}
    </ul>
  );
}
