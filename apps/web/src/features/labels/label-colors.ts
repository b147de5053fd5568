import type { LABEL_COLORS } from '@jalon/contract/plain';

export type LabelColorName = (typeof LABEL_COLORS)[number];

/** How a chip is drawn in one scheme: its fill, its text, and its outline (what tells it from the page). */
export interface ChipColors {
  background: string;
  text: string;
  border: string;
}

/**
 * The eight label colours, each drawn for both schemes: dark text on a pale fill in light, pale text on a
 * deep fill in dark, so the name reads at WCAG AA (4.5:1) on its chip, and an outline that stands 3:1
 * from every page background, so the chip is seen as a shape (label-colors.test.ts computes both).
 */
export const LABEL_PALETTE: Record<LabelColorName, { light: ChipColors; dark: ChipColors }> = {
  gray: {
    light: { background: '#e5e7eb', text: '#1f2937', border: '#6b7280' },
    dark: { background: '#374151', text: '#f3f4f6', border: '#9ca3af' },
  },
  blue: {
    light: { background: '#dbeafe', text: '#1e3a8a', border: '#2563eb' },
    dark: { background: '#1e3a8a', text: '#dbeafe', border: '#60a5fa' },
  },
  green: {
    light: { background: '#dcfce7', text: '#14532d', border: '#15803d' },
    dark: { background: '#14532d', text: '#dcfce7', border: '#4ade80' },
  },
  yellow: {
    light: { background: '#fef9c3', text: '#713f12', border: '#a16207' },
    dark: { background: '#713f12', text: '#fef9c3', border: '#facc15' },
  },
  orange: {
    light: { background: '#ffedd5', text: '#7c2d12', border: '#c2410c' },
    dark: { background: '#7c2d12', text: '#ffedd5', border: '#fb923c' },
  },
  red: {
    light: { background: '#fee2e2', text: '#7f1d1d', border: '#dc2626' },
    dark: { background: '#7f1d1d', text: '#fee2e2', border: '#f87171' },
  },
  purple: {
    light: { background: '#f3e8ff', text: '#581c87', border: '#9333ea' },
    dark: { background: '#581c87', text: '#f3e8ff', border: '#c084fc' },
  },
  pink: {
    light: { background: '#fce7f3', text: '#831843', border: '#db2777' },
    dark: { background: '#831843', text: '#fce7f3', border: '#f472b6' },
  },
};
