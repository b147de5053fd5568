import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LABEL_COLORS } from '@jalon/contract/plain';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../preferences/index.ts';
import { LABEL_PALETTE } from './label-colors.ts';

// Checked by computation, not by eye: the chip's name at WCAG AA on its fill, and its outline at 3:1
// (non-text contrast) against each page background of the scheme, read from the CSS the browser applies.

const tokensCss = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'styles', 'tokens.css'),
  'utf8',
);

/** The scheme's page backgrounds (`--color-bg`, `--color-surface`, `--color-surface-muted`) in tokens.css. */
function pageBackgrounds(scheme: 'light' | 'dark'): string[] {
  const block = [...tokensCss.matchAll(/([^{}]+)\{([^{}]*)\}/g)].find((match) =>
    (match[1] ?? '').includes(`[data-theme='${scheme}']`),
  );
  if (!block) throw new Error(`tokens.css has no ${scheme} block`);
  return ['--color-bg', '--color-surface', '--color-surface-muted'].map((token) => {
    const value = new RegExp(`${token}\\s*:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(block[2] ?? '')?.[1];
    if (!value) throw new Error(`${token} is not a #rrggbb colour in the ${scheme} block`);
    return value;
  });
}

describe('label colours', () => {
  it('draws each of the contract’s eight colours, and only those', () => {
    expect(Object.keys(LABEL_PALETTE).sort()).toEqual([...LABEL_COLORS].sort());
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`passes WCAG AA in ${scheme}: the name on its chip at 4.5:1, the chip's outline at 3:1 on the page`, () => {
      const failures: string[] = [];
      for (const color of LABEL_COLORS) {
        const chip = LABEL_PALETTE[color][scheme];
        const text = contrastRatio(chip.text, chip.background);
        if (text < 4.5) failures.push(`${color}: text ${text.toFixed(2)}:1`);
        for (const page of pageBackgrounds(scheme)) {
          const outline = contrastRatio(chip.border, page);
          if (outline < 3) failures.push(`${color}: outline ${outline.toFixed(2)}:1 on ${page}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
