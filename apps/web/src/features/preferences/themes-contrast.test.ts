import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { THEME_KEYS } from '@jalon/contract/plain';
import { describe, expect, it } from 'vitest';
import { contrastRatio, GRADE_RATIO } from './contrast.ts';
import { THEMES } from './themes.ts';

// Each theme must really meet the grade the menu shows, in light and in dark, computed from the CSS the
// browser applies: tokens.css (the scheme's base) with the theme's overrides from themes.css on top.

type Tokens = Record<string, string>;

const stylesDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'styles');
const readCss = (name: string): string => readFileSync(join(stylesDir, name), 'utf8');
const tokensCss = readCss('tokens.css');
const themesCss = readCss('themes.css');

function blocks(css: string): { selector: string; tokens: Tokens }[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map((match) => ({
    selector: (match[1] ?? '').replace(/\s+/g, ' ').trim(),
    tokens: Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((decl) => [
        decl[1] ?? '',
        (decl[2] ?? '').trim(),
      ]),
    ),
  }));
}

const base = (scheme: 'light' | 'dark'): Tokens => {
  const block = blocks(tokensCss).find((candidate) =>
    candidate.selector.includes(`[data-theme='${scheme}']`),
  );
  if (!block) throw new Error(`tokens.css has no ${scheme} block`);
  return block.tokens;
};

function tokensFor(theme: string, scheme: 'light' | 'dark'): Tokens {
  const light = base('light');
  const schemeTokens = scheme === 'light' ? light : { ...light, ...base('dark') };
  const override = blocks(themesCss).find(
    (candidate) => candidate.selector === `:root[data-palette='${theme}'][data-theme='${scheme}']`,
  );
  return { ...schemeTokens, ...(override?.tokens ?? {}) };
}

const BACKGROUNDS = ['--color-bg', '--color-surface', '--color-surface-muted'];
/** Text, secondary text and accent text (links, selected tabs) on every background; button text on the accent. */
function gradedPairs(tokens: Tokens): [string, string, string][] {
  const pairs: [string, string, string][] = [];
  for (const background of BACKGROUNDS) {
    for (const text of ['--color-text', '--color-text-muted', '--color-primary'])
      pairs.push([text, background, '']);
  }
  pairs.push(
    ['--color-on-primary', '--color-primary', ''],
    ['--color-on-primary', '--color-primary-hover', ''],
  );
  return pairs.map(([fg, bg]) => [fg, bg, `${tokens[fg]} on ${tokens[bg]}`]);
}

/** Status colours (errors, warnings, badges) are shared by every theme and must stay AA on their tints and on cards. */
const STATUS_PAIRS = ['danger', 'warning', 'success', 'info'].flatMap((name) => [
  [`--color-${name}`, `--color-${name}-bg`],
  [`--color-${name}`, '--color-surface'],
]);

describe('theme contrast grades', () => {
  it('lists the six themes of the contract', () => {
    expect(THEMES.map((theme) => theme.key)).toEqual([...THEME_KEYS]);
  });

  for (const theme of THEMES) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${theme.key} meets ${theme.grade} (${GRADE_RATIO[theme.grade]}:1) in ${scheme}`, () => {
        const tokens = tokensFor(theme.key, scheme);
        const failures = gradedPairs(tokens)
          .map(([fg, bg, label]) => ({
            pair: `${fg} / ${bg} (${label})`,
            ratio: contrastRatio(tokens[fg] ?? '', tokens[bg] ?? ''),
          }))
          .filter(({ ratio }) => ratio < GRADE_RATIO[theme.grade]);
        expect(failures).toEqual([]);
        const statusFailures = STATUS_PAIRS.filter(
          ([fg, bg]) => contrastRatio(tokens[fg ?? ''] ?? '', tokens[bg ?? ''] ?? '') < GRADE_RATIO.AA,
        );
        expect(statusFailures).toEqual([]);
      });
    }
  }

  it('has an override block for every non-default theme and scheme, and its swatch is its light accent', () => {
    for (const theme of THEMES.filter((candidate) => candidate.key !== 'default')) {
      expect(tokensFor(theme.key, 'light')['--color-primary']).toBe(theme.swatch);
      expect(tokensFor(theme.key, 'dark')['--color-primary']).not.toBe(base('dark')['--color-primary']);
    }
    expect(tokensFor('default', 'light')['--color-primary']).toBe(THEMES[0]?.swatch);
  });

  it('computes WCAG ratios (black on white is 21:1, a failing grey fails)', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(GRADE_RATIO.AA);
  });
});
