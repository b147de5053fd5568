import { useEffect, useState, type RefCallback } from 'react';

/** How far below the screen a block starts loading, so it is usually drawn by the time it scrolls in. */
const DEFAULT_MARGIN = '200px';

/**
 * True once the element has come within `margin` of the viewport, and true from then on: what is below
 * the first screen (the dashboard's charts on a phone) costs nothing while the page loads. Where there is
 * no IntersectionObserver, it is true at once.
 */
export function useNearViewport<T extends Element>(
  margin: string = DEFAULT_MARGIN,
): [RefCallback<T>, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, near]);

  return [setElement, near];
}
