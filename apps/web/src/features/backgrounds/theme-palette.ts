export interface Palette {
  node: string;
  link: string;
  particle: string;
}

/** Canvas drawings cannot use CSS variables directly: the theme's colours, read from its custom properties. */
export function readPalette(): Palette {
  const styles = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  return {
    node: read('--bg-anim-node', '#6b8cff'),
    link: read('--bg-anim-link', '#6b8cff'),
    particle: read('--bg-anim-particle', '#6b8cff'),
  };
}

/**
 * Calls `onChange` with the new colours each time the theme changes (it lives on <html data-theme>), so
 * the drawing follows without re-reading styles on every frame. Answers the function that stops watching.
 */
export function watchPalette(onChange: (palette: Palette) => void): () => void {
  const observer = new MutationObserver(() => onChange(readPalette()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
