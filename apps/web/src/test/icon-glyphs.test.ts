import { describe, expect, it } from 'vitest';
import { ICON_GLYPH, iconGlyphTexts } from './icon-glyphs.ts';

describe('ICON_GLYPH', () => {
  it('catches the emoji and symbol glyphs issue 17 found, and lets French punctuation through', () => {
    for (const glyph of [
      '🔑',
      '✅',
      '📁',
      '🛡️',
      '☾',
      '☀',
      '↻',
      '◐',
      '✓',
      '✕',
      '×',
      '•',
      '←',
      '→',
      '▲',
      '▼',
      '⭐',
    ]) {
      expect(ICON_GLYPH.test(glyph), glyph).toBe(true);
    }
    expect(ICON_GLYPH.test('Déplacer vers… « l’étape » – 3 · 4 — fin ! 50 % 2 € n° 1')).toBe(false);
  });

  it('names the element of each text that shows one', () => {
    document.body.innerHTML = '<p>Connexion réussie</p><span>☀</span><button>Mode sombre</button>';
    expect(iconGlyphTexts(document.body)).toEqual(['"☀" in <span>']);
  });
});
