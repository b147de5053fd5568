import { useMemo, useSyncExternalStore } from 'react';

// Charts draw on a canvas, so they cannot use CSS variables directly: read the current theme's values,
// and read them again whenever <html> changes theme, scheme or animation intensity.

export interface ThemeColors {
  primary: string;
  success: string;
  warning: string;
  danger: string;
  muted: string;
  text: string;
  grid: string;
  surface: string;
  /** The animation intensity preference, 0-1 (1 when none is set). */
  motion: number;
}

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'data-palette', 'style'],
  });
  return () => observer.disconnect();
}

const snapshot = (): string => {
  const root = document.documentElement;
  return `${root.dataset.theme ?? ''}|${root.dataset.palette ?? ''}|${root.style.getPropertyValue('--motion-intensity')}`;
};

export function readThemeColors(): ThemeColors {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const motion = Number.parseFloat(read('--motion-intensity', '1'));
  return {
    primary: read('--color-primary', '#1d4ed8'),
    success: read('--color-success', '#067647'),
    warning: read('--color-warning', '#93370d'),
    danger: read('--color-danger', '#b42318'),
    muted: read('--color-border', '#7a8599'),
    text: read('--color-text', '#172033'),
    grid: read('--color-border-subtle', '#d5dbe5'),
    surface: read('--color-surface', '#ffffff'),
    motion: Number.isFinite(motion) ? Math.min(1, Math.max(0, motion)) : 1,
  };
}

export function useThemeColors(): ThemeColors {
  const key = useSyncExternalStore(subscribe, snapshot, () => '');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is what changes the computed style
  return useMemo(() => readThemeColors(), [key]);
}
