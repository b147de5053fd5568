import { useLayoutEffect, useRef } from 'react';

/**
 * Esc closes what is open: the quick-create panel, the preferences menu, the
 * palette, the conflict merge editor… Each open thing registers how it closes; one Esc closes the one
 * opened last, wherever the focus is, even in a field of it. A component that handles Esc itself (an
 * inline edit, a modal dialog keeping the focus) calls `preventDefault()`, and the layers leave it alone.
 */
type Close = () => void;

const layers: Array<{ close: Close }> = [];

/** The Esc of the page, for the layers: installed only while one is open. */
function onKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
    return;
  if (closeTopLayer()) event.preventDefault();
}

/** Registers an open layer; answers the function that forgets it (call it when the layer closes). */
export function openLayer(close: Close): () => void {
  const layer = { close };
  layers.push(layer);
  if (layers.length === 1) document.addEventListener('keydown', onKeyDown);
  return () => {
    const index = layers.indexOf(layer);
    if (index === -1) return;
    layers.splice(index, 1);
    if (layers.length === 0) document.removeEventListener('keydown', onKeyDown);
  };
}

/** Closes the layer opened last; false when nothing is open. */
export function closeTopLayer(): boolean {
  const layer = layers.at(-1);
  if (!layer) return false;
  layer.close();
  return true;
}

/** Whether Esc has something to close (the shortcuts then leave Esc to the layers). */
export const hasOpenLayer = (): boolean => layers.length > 0;

/**
 * Esc closes this while `open`. The layer keeps its place in the stack while it stays open, even when
 * `close` is a new function at each render.
 */
export function useCloseOnEscape(open: boolean, close: Close): void {
  const closeRef = useRef(close);
  // Layout effects: the layer is there from the commit that opens it, so an Esc pressed at once closes it
  // (React may run a plain effect after the next paint).
  useLayoutEffect(() => {
    closeRef.current = close;
  }, [close]);
  useLayoutEffect(() => (open ? openLayer(() => closeRef.current()) : undefined), [open]);
}
