import { useEffect, useRef, type RefObject } from 'react';

export interface Palette {
  node: string;
  link: string;
  particle: string;
}

function readPalette(): Palette {
  const styles = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => styles.getPropertyValue(name).trim() || fallback;
  return {
    node: read('--bg-anim-node', '#6b8cff'),
    link: read('--bg-anim-link', '#6b8cff'),
    particle: read('--bg-anim-particle', '#6b8cff'),
  };
}

/**
 * Canvas drawings cannot use CSS variables directly; this keeps a copy that follows theme changes
 * (the theme lives on <html data-theme>), without re-reading styles on every frame.
 */
export function useThemePalette(): RefObject<Palette> {
  const palette = useRef<Palette>({ node: '#6b8cff', link: '#6b8cff', particle: '#6b8cff' });
  useEffect(() => {
    palette.current = readPalette();
    const observer = new MutationObserver(() => {
      palette.current = readPalette();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return palette;
}
