import type { ThemeKey } from '@jalon/contract';

/** WCAG contrast grades a theme promises for its text, accent text and button text (see contrast.ts). */
export type ContrastGrade = 'AA' | 'AA+' | 'AAA';

export interface ThemeInfo {
  key: ThemeKey;
  /** The accent shown as the theme's swatch in the menu (its light-scheme primary colour). */
  swatch: string;
  grade: ContrastGrade;
}

// The colours themselves live in styles/themes.css; themes-contrast.test.ts checks each grade from there.
export const THEMES: readonly ThemeInfo[] = [
  { key: 'default', swatch: '#1d4ed8', grade: 'AA+' },
  { key: 'emerald', swatch: '#047857', grade: 'AA' },
  { key: 'indigo', swatch: '#4338ca', grade: 'AA+' },
  { key: 'amber', swatch: '#a14a06', grade: 'AA' },
  { key: 'rose', swatch: '#be123c', grade: 'AA+' },
  { key: 'slate', swatch: '#334155', grade: 'AAA' },
];
