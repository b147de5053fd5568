// What other features use of labels: how each of the eight colours is drawn in each scheme.
export { LABEL_PALETTE, type ChipColors, type LabelColorName } from './label-colors.ts';
