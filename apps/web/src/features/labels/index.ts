// What other features use of labels: their chips, the picker of a task's labels, the device's labels by
// id, and how each of the eight colours is drawn in each scheme.
export { LABEL_PALETTE, type ChipColors, type LabelColorName } from './label-colors.ts';
export { LabelChips } from './label-chips.tsx';
export { LabelPicker } from './components/label-picker.tsx';
export { labelMap } from './label-choices.ts';
