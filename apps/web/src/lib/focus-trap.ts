import type { KeyboardEvent } from 'react';

/**
 * Keeps Tab inside a modal (the drawer, a dialog): from its last control Tab goes to its first, and
 * Shift+Tab from the first to the last. `controls` are the modal's focusable elements, in order.
 */
export function keepTabInside(event: KeyboardEvent, controls: ArrayLike<HTMLElement>): void {
  if (event.key !== 'Tab' || controls.length === 0) return;
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
