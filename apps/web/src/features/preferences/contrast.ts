import type { ContrastGrade } from './themes.ts';

/** The minimum contrast ratio of each grade; AA+ is Jalon's own step between AA and AAA. */
export const GRADE_RATIO: Record<ContrastGrade, number> = { AA: 4.5, 'AA+': 5.5, AAA: 7 };

function channels(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const value = match[1];
  return [0, 2, 4].map((start) => parseInt(value.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
}

/** Relative luminance (WCAG 2.x). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
