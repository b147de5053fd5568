// What other features use of labels: their chips, and how each of the eight colours is drawn in each scheme.
export { LABEL_PALETTE, type ChipColors, type LabelColorName } from './label-colors.ts';
export { LabelChips } from './label-chips.tsx';
