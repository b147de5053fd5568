import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How far below the top of the page an element starts, for a list that scrolls with the page: its
 * virtualizer counts rows from there. Read again whenever the page changes size (a form opened above the
 * list, filters unfolded), in ResizeObserver's callback, where the layout is already done.
 */
export function usePageOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => setOffset(Math.round(element.getBoundingClientRect().top + window.scrollY));
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}
