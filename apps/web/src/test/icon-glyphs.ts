/**
 * Characters that would be a glyph standing for an icon (decision 0034): Unicode's Extended_Pictographic
 * (emoji, ☀ ☾ ✓ ✅ 🔑…) and the symbol blocks an icon is typically borrowed from: arrows (← → ↻),
 * technical symbols (⌘ ⏎), geometric shapes (▲ ▼ ◐ ●), miscellaneous symbols and dingbats (☾ ✓ ✕),
 * supplemental arrows and symbols (⬆ ⭐), plus the multiplication sign and the bullet (× •). Text
 * punctuation stays allowed: … ’ « » – — · are none of these. Shared by the unit tests and e2e/.
 */
export const ICON_GLYPH =
  /[\p{Extended_Pictographic}\u00D7\u2022\u2190-\u21FF\u2300-\u23FF\u25A0-\u25FF\u2600-\u27BF\u2900-\u297F\u2B00-\u2BFF]/u;

/** The texts under `root` that show such a glyph, each with its element, for a readable failure. */
export function iconGlyphTexts(root: Node): string[] {
  const hits: string[] = [];
  const walker = (root.ownerDocument ?? (root as Document)).createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    if (ICON_GLYPH.test(text))
      hits.push(`"${text.trim().slice(0, 60)}" in <${node.parentElement?.tagName.toLowerCase()}>`);
  }
  return hits;
}
