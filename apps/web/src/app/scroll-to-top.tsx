import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';

/** A new screen opens at its top, not at the height the previous one was scrolled to. */
export function ScrollToTop() {
  const [path] = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);
  return null;
}
